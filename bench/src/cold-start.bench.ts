import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchConfig, readBenchConfig } from './bench-config.ts';
import { type BenchLine, type BenchResult, formatMs, median, statusOf } from './bench-line.ts';
import { idleMs, type Start, startCommand, timeToReady } from './node-start.ts';
import { renderTable } from './report-table.ts';

// Issue 24's targets, from the user's command (`pocketnet start`) to the first 200 on /readyz.
const targets = { firstStartMs: 1500, restartMs: 1000, ephemeralMs: 500, idleRssMb: 150 };

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
