import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// BENCH_START_ROOT: another checkout (with its node_modules) to measure the same way, to compare.
export const repositoryRoot = process.env.BENCH_START_ROOT || join(import.meta.dirname, '..', '..');

/**
 * What `npm start` runs, read from the root's package.json: its node flags, then its script
 * (made absolute) and the command's words, so that the figures are those of the user's command,
 * less npm's own start.
 */
export const startCommand = (() => {
  const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...words] = manifest.scripts.start.split(/\s+/);
  if (node !== 'node') throw new Error(`npm start runs ${node}, not node`);
  const script = words.findIndex((word) => !word.startsWith('-'));
  return {
    nodeFlags: words.slice(0, script),
    script: words
      .slice(script)
      .map((word, index) => (index === 0 ? join(repositoryRoot, word) : word)),
  };
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

function isReady(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.once('error', () => resolve(false));
  });
}

/** Polls /readyz every millisecond until it answers 200; throws if the process exits first. */
export async function waitUntilReady(child: ChildProcess, port: number, giveUpMs: number) {
  const started = performance.now();
  while (!(await isReady(port))) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (performance.now() - started > giveUpMs) throw new Error('the server never got ready');
    await sleep(1);
  }
}

export function spawnNode(args: readonly string[]): ChildProcess {
  return spawn(process.execPath, args, { cwd: repositoryRoot, stdio: 'ignore' });
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
