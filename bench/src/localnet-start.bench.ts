import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BenchLine,
  type BenchResult,
  formatMs,
  infoLine,
  median,
  statusOf,
} from './bench-line.ts';
import { type Start, startCommand, timeToReady } from './node-start.ts';
import { renderTable } from './report-table.ts';

// `pocketnet start --localnet` (issue 22): LocalNet's three validators in one process, beside the
// single validator of `pocketnet start`, both from the user's command and in the same run.

const targets = { readyMs: 2000, idleRssMb: 250 };
/** LocalNet's ports, the app-user's wallet UI last: it answers once every one listens. */
const localnetPorts = [4975, 4903, 4000, 3975, 3903, 3000, 2975, 2903, 8082, 2000] as const;
const lastPort = 2000;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const startArgs = (extra: readonly string[]) => (port: number) => [
  ...startCommand,
  '--port',
  String(port),
  ...extra,
];

/** A first start and a restart on a data dir, of one validator and of LocalNet's three. */
async function measure(repeats: number) {
  const runs = { single: [] as Start[], localnet: [] as Start[], localnetRestart: [] as Start[] };
  for (let run = 0; run < repeats; run += 1) {
    const single = await mkdtemp(join(tmpdir(), 'pocketnet-bench-single-'));
    const three = await mkdtemp(join(tmpdir(), 'pocketnet-bench-localnet-'));
    try {
      runs.single.push(await timeToReady(startArgs(['--data-dir', single])));
      const localnet = startArgs(['--data-dir', three, '--localnet']);
      runs.localnet.push(await timeToReady(localnet, [lastPort]));
      runs.localnetRestart.push(await timeToReady(localnet, [lastPort]));
    } finally {
      await rm(single, { recursive: true, force: true });
      await rm(three, { recursive: true, force: true });
    }
  }
  return runs;
}

const medianOf = (starts: readonly Start[], key: keyof Start) =>
  median(starts.map((start) => start[key]));
const mb = (value: number) => `${value.toFixed(0)} MB`;

function readyLine(name: string, starts: readonly Start[], single: readonly Start[]): BenchLine {
  const ours = medianOf(starts, 'readyMs');
  const base = medianOf(single, 'readyMs');
  return {
    name,
    value: `${formatMs(ours)} (CPU ${formatMs(medianOf(starts, 'cpuMs'))})`,
    baseline: `${formatMs(base)} (CPU ${formatMs(medianOf(single, 'cpuMs'))})`,
    ratio: `${(ours / base).toFixed(2)}×`,
    target: `< ${formatMs(targets.readyMs)}`,
    status: statusOf(ours < targets.readyMs),
  };
}

export async function runLocalnetStart(repeats: number): Promise<BenchResult> {
  const free = await Promise.all(localnetPorts.map(isFree));
  if (free.includes(false)) {
    const taken = localnetPorts.filter((_port, index) => !free[index]);
    return {
      lines: [infoLine('start --localnet', `skipped: LocalNet ports in use (${taken.join(', ')})`)],
      notes: [],
    };
  }
  const runs = await measure(repeats);
  const rss = medianOf(runs.localnet, 'idleRssMb');
  const singleRss = medianOf(runs.single, 'idleRssMb');
  const list = (starts: readonly Start[]) =>
    starts.map((start) => `${formatMs(start.readyMs)}/${mb(start.idleRssMb)}`).join(', ');
  return {
    lines: [
      readyLine(
        'start --localnet (3 validators), first start, to ready',
        runs.localnet,
        runs.single,
      ),
      readyLine(
        'start --localnet, restart on its data dir, to ready',
        runs.localnetRestart,
        runs.single,
      ),
      {
        name: 'start --localnet, process RSS idle 3 s after a first start',
        value: mb(rss),
        baseline: mb(singleRss),
        ratio: `${(rss / singleRss).toFixed(2)}×`,
        target: `< ${mb(targets.idleRssMb)}`,
        status: statusOf(rss < targets.idleRssMb),
      },
    ],
    notes: [
      `baseline: pocketnet start (one validator) on a data dir, first start, same run. ` +
        `Runs (ready/idle RSS): single ${list(runs.single)}; localnet ${list(runs.localnet)}; ` +
        `localnet restart ${list(runs.localnetRestart)}`,
    ],
  };
}

if (import.meta.main) {
  const result = await runLocalnetStart(Number(process.env.BENCH_COLD_START_REPEATS ?? 3));
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
