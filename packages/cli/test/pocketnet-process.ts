import {
  cliMain,
  type Exit,
  findFreePort,
  type ProcessSet,
  type Spawned,
  waitForHttpOk,
} from './node-process.ts';

/** A `pocketnet start` child process that has printed its banner and answers /readyz. */
export type PocketnetProcess = {
  readonly url: string;
  readonly port: number;
  readonly banner: string;
  /** The participant_admin token the banner prints under hs256 auth. */
  readonly adminToken: string;
  readonly process: Spawned;
  stop(signal: NodeJS.Signals): Promise<Exit>;
};

const ledgerApiLine = /JSON Ledger API v2 +(http:\/\/\S+)\/v2\n/;
const authLine = / {2}auth +(\S+)\n/;
const adminTokenLine = / {2}admin token +(\S+)\n/;

/** Whether the whole banner has arrived (the token line is last, and only under hs256). */
export function isBannerComplete(output: string): boolean {
  const auth = authLine.exec(output);
  if (!auth || !ledgerApiLine.test(output)) return false;
  return auth[1] !== 'hs256' || adminTokenLine.test(output);
}

export function nodeArgs(args: readonly string[]): string[] {
  return ['--conditions=development', cliMain, ...args];
}

/** Spawns `pocketnet start` on a free port and waits for its banner and /readyz. */
export async function startPocketnet(
  processes: ProcessSet,
  options: { dataDir?: string; ephemeral?: boolean; args?: readonly string[] },
): Promise<PocketnetProcess> {
  const port = await findFreePort();
  // These tests are about the ledger itself: a bare ledger, so every offset is theirs to see.
  const args = ['start', '--port', String(port), '--no-devnet', ...(options.args ?? [])];
  if (options.dataDir !== undefined) args.push('--data-dir', options.dataDir);
  if (options.ephemeral) args.push('--ephemeral');
  const spawned = processes.spawn(process.execPath, nodeArgs(args), {});
  const banner = await spawned.waitForOutput(isBannerComplete);
  const url = ledgerApiLine.exec(banner)?.[1];
  if (url === undefined) throw new Error(`no Ledger API URL in the banner:\n${banner}`);
  await waitForHttpOk(`${url}/readyz`);
  return {
    url,
    port,
    banner,
    adminToken: adminTokenLine.exec(banner)?.[1] ?? '',
    process: spawned,
    stop: (signal) => spawned.stop(signal),
  };
}
