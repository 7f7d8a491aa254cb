import { findFreePort, waitForHttpOk } from '../node-process.ts';
import { freshRedisPrefix, redisUrl as sharedRedisUrl } from './redis-test-keys.ts';
import { type Role, type RoleProcess, spawnRole } from './role-process.ts';

export type NetworkOptions = {
  readonly gateways?: number;
  readonly workers?: number;
  /** Options every role gets (`--no-devnet`, `--seed 7`, …). */
  readonly args?: readonly string[];
  /** The scale-out knobs (POCKETNET_COMMAND_TIMEOUT_MS, …) and anything else. */
  readonly env?: Readonly<Record<string, string>>;
  readonly redisUrl?: string;
  /** Whether to start a writer (default); without, roles are started by `spawn`. */
  readonly writer?: boolean;
};

/**
 * The scaled-out shape as processes, on one Redis key prefix: one writer, gateways (each on its
 * own port) and workers. Roles can be killed and started again; `close` ends them all and
 * removes the prefix's keys.
 */
export async function startNetwork(options: NetworkOptions = {}) {
  const redisUrl = options.redisUrl ?? sharedRedisUrl;
  const keys = freshRedisPrefix(redisUrl);
  // The shared test Redis keeps no AOF: a throwaway network opts out of the durability check
  // (a Redis of the test's own, automations' `startOwnRedis`, has the AOF and is checked).
  const durability = options.redisUrl === undefined ? { POCKETNET_REDIS_DURABILITY: 'none' } : {};
  const env = {
    REDIS_URL: redisUrl,
    POCKETNET_REDIS_PREFIX: keys.prefix,
    ...durability,
    ...options.env,
  };
  const args = options.args ?? [];
  const all = new Set<RoleProcess>();
  const track = (role: RoleProcess) => {
    all.add(role);
    return role;
  };
  const writerPort = await findFreePort();
  const startWriter = async () => {
    const writer = track(spawnRole('writer', ['--port', String(writerPort), ...args], env));
    await writer.waitFor(/pocketnet writer ready/);
    return writer;
  };
  const startGateway = async (port?: number) => {
    const listenOn = port ?? (await findFreePort());
    const gateway = track(spawnRole('gateway', ['--port', String(listenOn), ...args], env));
    await gateway.waitFor(/admin token +\S+[^\n]*\n|auth +none\n/);
    await waitForHttpOk(`http://127.0.0.1:${listenOn}/readyz`);
    return { process: gateway, url: `http://127.0.0.1:${listenOn}`, port: listenOn };
  };
  const startWorker = async () => {
    const worker = track(spawnRole('worker', [...args], env));
    await worker.waitFor(/pocketnet worker ready/);
    return worker;
  };
  let writer = options.writer === false ? null : await startWriter();
  const gateways = await Promise.all(
    Array.from({ length: options.gateways ?? 2 }, () => startGateway()),
  );
  const workers = await Promise.all(
    Array.from({ length: options.workers ?? 0 }, () => startWorker()),
  );
  return {
    prefix: keys.prefix,
    redisUrl,
    env,
    writerUrl: `http://127.0.0.1:${writerPort}`,
    writer: () => {
      if (writer === null) throw new Error('this network has no writer');
      return writer;
    },
    /** Starts any role with the network's environment. */
    spawn: (role: Role, roleArgs: readonly string[]) => track(spawnRole(role, roleArgs, env)),
    gateways,
    workers,
    /** Starts the writer again (after a kill) and resolves once it serves. */
    async restartWriter() {
      writer = await startWriter();
      return writer;
    },
    startGateway,
    startWorker,
    /** Log lines at level error or worse (pino JSON) that any role wrote so far. */
    errorsLogged(): string[] {
      return [...all].flatMap((role) =>
        role
          .output()
          .split('\n')
          .filter((text) => /"level":(50|60)/.test(text))
          .map((text) => `${role.role}: ${text}`),
      );
    },
    async close() {
      await Promise.all([...all].map((role) => role.kill('SIGKILL')));
      await keys.remove();
    },
  };
}

export type Network = Awaited<ReturnType<typeof startNetwork>>;
