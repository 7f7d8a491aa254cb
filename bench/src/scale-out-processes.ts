import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { dropRedisPrefix } from '@pocketnet/automations';

const cliMain = resolve(import.meta.dirname, '../../packages/cli/src/main.js');

export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  return typeof address === 'object' && address ? address.port : 0;
}

/** `pocketnet <role>` as a child process, resolved once its output matches `ready`. */
async function spawnRole(
  role: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  ready: RegExp,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=development', cliMain, role, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((done, fail) => {
    const check = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (ready.test(output)) done();
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', (code) => fail(new Error(`${role} exited with ${code}:\n${output}`)));
  });
  return child;
}

export type ServedNetwork = { readonly urls: readonly string[]; close(): Promise<void> };

/** One embedded `pocketnet start` (file journal in a temp folder, --auth none, bare ledger). */
export async function startEmbedded(): Promise<ServedNetwork> {
  const dir = await mkdtemp(join(tmpdir(), 'pocketnet-bench-embedded-'));
  const port = await freePort();
  const child = await spawnRole(
    'start',
    ['--port', String(port), '--no-devnet', '--auth', 'none', '--data-dir', dir],
    { REDIS_URL: '' },
    /auth +none/,
  );
  return {
    urls: [`http://127.0.0.1:${port}`],
    async close() {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A writer and `gateways` gateway processes on a fresh key prefix of the bench Redis. */
export async function startScaledOut(gateways: number): Promise<ServedNetwork> {
  const prefix = `bench-${process.pid}-${Date.now()}`;
  // The bench Redis is the shared test one, without AOF: the writer is told not to require it.
  const env = {
    REDIS_URL: redisUrl,
    POCKETNET_REDIS_PREFIX: prefix,
    POCKETNET_REDIS_DURABILITY: 'none',
    // Capacity is measured, so gateways take all 64 connections' commands rather than holding
    // their latency down by refusing some (as the opt-in adaptive limit would).
    POCKETNET_ADAPTIVE_LIMIT: '0',
  };
  const common = ['--no-devnet', '--auth', 'none'];
  const writerPort = await freePort();
  const writer = await spawnRole(
    'writer',
    ['--port', String(writerPort), ...common],
    env,
    /writer ready/,
  );
  const ports = await Promise.all(Array.from({ length: gateways }, freePort));
  const children = await Promise.all(
    ports.map((port) =>
      spawnRole('gateway', ['--port', String(port), ...common], env, /auth +none/),
    ),
  );
  return {
    urls: ports.map((port) => `http://127.0.0.1:${port}`),
    async close() {
      for (const child of [...children, writer]) child.kill('SIGKILL');
      await dropRedisPrefix(redisUrl, prefix);
    },
  };
}
