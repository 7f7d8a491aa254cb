import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// Starting the user's command as a child process and reading what it costs (cold-start and
// LocalNet benchmarks).

// BENCH_START_ROOT: another checkout (with its node_modules) to measure the same way, to compare.
export const repositoryRoot = process.env.BENCH_START_ROOT || join(import.meta.dirname, '..', '..');
/**
 * What `npm start` runs, read from the root's package.json (its node flags too), so that the
 * figures are those of the user's command, less npm's own start.
 */
export const startCommand = (() => {
  const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...words] = manifest.scripts.start.split(/\s+/);
  if (node !== 'node') throw new Error(`npm start runs ${node}, not node`);
  return words.map((word) => (/\.[jt]s$/.test(word) ? join(repositoryRoot, word) : word));
})();
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function isReady(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.once('error', () => resolve(false));
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** /proc's figures of a process: CPU time spent (user + system, ms) and resident memory (MB). */
export async function usageOf(pid: number): Promise<{ cpuMs: number; rssMb: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the state), in clock ticks.
  const ticks = Number(fields[11]) + Number(fields[12]);
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return { cpuMs: ticks * 10, rssMb: rssKb / 1024 };
}

const giveUpMs = 30_000;
/** How long a started node is left alone before its memory is read: idle, as a user leaves it. */
export const idleMs = 3000;

export type Start = { readyMs: number; cpuMs: number; idleRssMb: number };

/**
 * Spawn to the first 200 on /readyz (polled every millisecond); the CPU the process spent to
 * get there (which a busy machine does not inflate as it does the wall time); its RSS once idle.
 */
export async function timeToReady(
  args: (port: number) => string[],
  /** Further ports that answer /readyz only once the start is complete (LocalNet's last). */
  alsoReady: readonly number[] = [],
  /** Variables added to this process's for the child's. */
  env: Readonly<Record<string, string>> = {},
): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args(port), {
    cwd: repositoryRoot,
    stdio: 'ignore',
    env: { ...process.env, ...env },
  });
  try {
    for (const ready of [port, ...alsoReady]) {
      while (!(await isReady(ready))) {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        if (performance.now() - started > giveUpMs) throw new Error('the server never got ready');
        await sleep(1);
      }
    }
    const readyMs = performance.now() - started;
    const { cpuMs } = await usageOf(child.pid ?? 0);
    await sleep(idleMs);
    const { rssMb } = await usageOf(child.pid ?? 0);
    return { readyMs, cpuMs, idleRssMb: rssMb };
  } finally {
    await stop(child);
  }
}
