import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BenchConfig, readBenchConfig } from './bench-config.ts';
import { type BenchLine, type BenchResult, formatMs, median, statusOf } from './bench-line.ts';
import { renderTable } from './report-table.ts';

// BENCH_START_ROOT: another checkout (with its node_modules) to measure the same way, to compare.
const repositoryRoot = process.env.BENCH_START_ROOT || join(import.meta.dirname, '..', '..');
/**
 * What `npm start` runs, read from the root's package.json (its node flags too), so that the
 * figures are those of the user's command, less npm's own start.
 */
const startCommand = (() => {
  const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [node, ...words] = manifest.scripts.start.split(/\s+/);
  if (node !== 'node') throw new Error(`npm start runs ${node}, not node`);
  return words.map((word) => (/\.[jt]s$/.test(word) ? join(repositoryRoot, word) : word));
})();
const giveUpMs = 30_000;
/** How long a started node is left alone before its memory is read: idle, as a user leaves it. */
const idleMs = 3000;

// Issue 24's targets, from the user's command (`pocketnet start`) to the first 200 on /readyz.
const targets = { firstStartMs: 1500, restartMs: 1000, ephemeralMs: 500, idleRssMb: 150 };

function freePort(): Promise<number> {
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

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** /proc's figures of a process: CPU time spent (user + system, ms) and resident memory (MB). */
async function usageOf(pid: number): Promise<{ cpuMs: number; rssMb: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the state), in clock ticks.
  const ticks = Number(fields[11]) + Number(fields[12]);
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return { cpuMs: ticks * 10, rssMb: rssKb / 1024 };
}

type Start = { readyMs: number; cpuMs: number; idleRssMb: number };

/**
 * Spawn to the first 200 on /readyz (polled every millisecond); the CPU the process spent to
 * get there (which a busy machine does not inflate as it does the wall time); its RSS once idle.
 */
async function timeToReady(args: (port: number) => string[]): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args(port), { cwd: repositoryRoot, stdio: 'ignore' });
  try {
    while (!(await isReady(port))) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (performance.now() - started > giveUpMs) throw new Error('the server never got ready');
      await sleep(1);
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

const startArgs = (extra: readonly string[]) => (port: number) => [
  ...startCommand,
  '--port',
  String(port),
  ...extra,
];

// The least any Node HTTP server needs: start Node, listen, answer.
const bareArgs = (port: number) => [
  '-e',
  `require('node:http').createServer((q, s) => s.end('{}')).listen(${port}, '127.0.0.1')`,
];

/** Each kind of start, `repeats` times: a first start makes the devnet, a restart replays it. */
async function measureStarts(repeats: number) {
  const runs = {
    bare: [] as Start[],
    first: [] as Start[],
    restart: [] as Start[],
    ephemeral: [] as Start[],
  };
  for (let run = 0; run < repeats; run += 1) {
    const dataDir = await mkdtemp(join(tmpdir(), 'pocketnet-bench-start-'));
    try {
      runs.bare.push(await timeToReady(bareArgs));
      runs.first.push(await timeToReady(startArgs(['--data-dir', dataDir])));
      runs.restart.push(await timeToReady(startArgs(['--data-dir', dataDir])));
      runs.ephemeral.push(await timeToReady(startArgs(['--ephemeral'])));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return runs;
}

const medianOf = (starts: readonly Start[], key: keyof Start) =>
  median(starts.map((start) => start[key]));

function startLine(
  name: string,
  starts: readonly Start[],
  bare: readonly Start[],
  targetMs: number,
): BenchLine {
  const ours = medianOf(starts, 'readyMs');
  const base = medianOf(bare, 'readyMs');
  return {
    name,
    value: `${formatMs(ours)} (CPU ${formatMs(medianOf(starts, 'cpuMs'))})`,
    baseline: formatMs(base),
    ratio: `${(ours / base).toFixed(1)}×`,
    target: `< ${formatMs(targetMs)}`,
    status: statusOf(ours < targetMs),
  };
}

export async function runColdStart(config: BenchConfig['coldStart']): Promise<BenchResult> {
  const runs = await measureStarts(config.repeats);
  const rss = medianOf(runs.first, 'idleRssMb');
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  const list = (starts: readonly Start[]) =>
    starts.map((start) => `${formatMs(start.readyMs)}/${mb(start.idleRssMb)}`).join(', ');
  return {
    lines: [
      startLine(
        'first start, devnet genesis, to /readyz',
        runs.first,
        runs.bare,
        targets.firstStartMs,
      ),
      startLine('restart on its data dir, to /readyz', runs.restart, runs.bare, targets.restartMs),
      startLine('start --ephemeral, to /readyz', runs.ephemeral, runs.bare, targets.ephemeralMs),
      {
        name: `node process RSS, idle ${idleMs / 1000} s after a first start`,
        value: mb(rss),
        baseline: mb(medianOf(runs.bare, 'idleRssMb')),
        ratio: `${(rss / medianOf(runs.bare, 'idleRssMb')).toFixed(1)}×`,
        target: `< ${mb(targets.idleRssMb)}`,
        status: statusOf(rss < targets.idleRssMb),
      },
    ],
    notes: [
      `start runs (ready/idle RSS): first ${list(runs.first)}; restart ${list(runs.restart)}; ` +
        `ephemeral ${list(runs.ephemeral)}; bare node:http ${list(runs.bare)}`,
    ],
  };
}

if (import.meta.main) {
  const result = await runColdStart(readBenchConfig().coldStart);
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
