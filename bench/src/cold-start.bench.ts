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

// The entry runs a bundle of our sources (built on the first start after a change); the same
// starts from the sources themselves are the baseline it is measured against.
const sources = { POCKETNET_START_FROM_SOURCES: '1' };

type StartRuns = { first: Start[]; restart: Start[]; ephemeral: Start[] };

async function measureKinds(runs: StartRuns, env: Readonly<Record<string, string>>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'pocketnet-bench-start-'));
  try {
    runs.first.push(await timeToReady(startArgs(['--data-dir', dataDir]), [], env));
    runs.restart.push(await timeToReady(startArgs(['--data-dir', dataDir]), [], env));
    runs.ephemeral.push(await timeToReady(startArgs(['--ephemeral']), [], env));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Each kind of start, `repeats` times, from the bundle and from the sources taking turns: a
 * first start makes the devnet, a restart replays it.
 */
async function measureStarts(repeats: number) {
  const bare: Start[] = [];
  const bundle: StartRuns = { first: [], restart: [], ephemeral: [] };
  const fromSources: StartRuns = { first: [], restart: [], ephemeral: [] };
  // Not measured: builds the bundle if the sources changed since the last.
  await timeToReady(startArgs(['--ephemeral']));
  for (let run = 0; run < repeats; run += 1) {
    bare.push(await timeToReady(bareArgs));
    await measureKinds(bundle, {});
    await measureKinds(fromSources, sources);
  }
  return { bare, bundle, fromSources };
}

const medianOf = (starts: readonly Start[], key: keyof Start) =>
  median(starts.map((start) => start[key]));

const mb = (value: number) => `${value.toFixed(0)} MB`;

function startLine(
  name: string,
  starts: readonly Start[],
  baseline: readonly Start[],
  targetMs: number,
): BenchLine {
  const ours = medianOf(starts, 'cpuMs');
  const base = medianOf(baseline, 'cpuMs');
  const wall = medianOf(starts, 'readyMs');
  return {
    name,
    value: `${formatMs(wall)} (CPU ${formatMs(ours)})`,
    baseline: `${formatMs(medianOf(baseline, 'readyMs'))} (CPU ${formatMs(base)})`,
    ratio: `CPU ${(ours / base).toFixed(2)}×`,
    target: `< ${formatMs(targetMs)}`,
    status: statusOf(wall < targetMs),
  };
}

function rssLine(name: string, starts: readonly Start[], baseline: readonly Start[]): BenchLine {
  const rss = medianOf(starts, 'idleRssMb');
  const base = medianOf(baseline, 'idleRssMb');
  return {
    name,
    value: mb(rss),
    baseline: mb(base),
    ratio: `${(rss / base).toFixed(2)}×`,
    target: `< ${mb(targets.idleRssMb)}`,
    status: statusOf(rss < targets.idleRssMb),
  };
}

export async function runColdStart(config: BenchConfig['coldStart']): Promise<BenchResult> {
  const { bare, bundle, fromSources } = await measureStarts(config.repeats);
  const list = (starts: readonly Start[]) =>
    starts
      .map(
        (start) => `${formatMs(start.readyMs)}/CPU ${formatMs(start.cpuMs)}/${mb(start.idleRssMb)}`,
      )
      .join(', ');
  const idle = `idle ${idleMs / 1000} s`;
  return {
    lines: [
      startLine(
        'first start, devnet genesis, to /readyz (bundle vs sources)',
        bundle.first,
        fromSources.first,
        targets.firstStartMs,
      ),
      startLine(
        'restart on its data dir, to /readyz (bundle vs sources)',
        bundle.restart,
        fromSources.restart,
        targets.restartMs,
      ),
      startLine(
        'start --ephemeral, to /readyz (bundle vs sources)',
        bundle.ephemeral,
        fromSources.ephemeral,
        targets.ephemeralMs,
      ),
      rssLine(
        `node RSS, ${idle} after a first start (bundle vs sources)`,
        bundle.first,
        fromSources.first,
      ),
      rssLine(
        `node RSS, ${idle} after --ephemeral (bundle vs sources)`,
        bundle.ephemeral,
        fromSources.ephemeral,
      ),
    ],
    notes: [
      `bare node:http server: ${list(bare)}`,
      `bundle (ready/CPU/idle RSS): first ${list(bundle.first)}; restart ${list(bundle.restart)}; ephemeral ${list(bundle.ephemeral)}`,
      `sources: first ${list(fromSources.first)}; restart ${list(fromSources.restart)}; ephemeral ${list(fromSources.ephemeral)}`,
    ],
  };
}

if (import.meta.main) {
  const result = await runColdStart(readBenchConfig().coldStart);
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
