import type { BenchConfig } from './bench-config.ts';
import {
  type BenchLine,
  type BenchResult,
  formatCount,
  formatMs,
  formatRatio,
  median,
  statusOf,
} from './bench-line.ts';
import type { LoadResult } from './load-driver.ts';

/** A load run plus what it cost the bench process, which hosts the server under load. */
export type MeasuredRun = LoadResult & {
  readonly cpuMicrosPerRequest: number;
  /** Time the serving process spent in GC pauses during the run, and the longest pause. */
  readonly gcMs: number;
  readonly longestGcMs: number;
};

export type HttpRuns = {
  readonly baseline: readonly MeasuredRun[];
  readonly pocketnet: readonly MeasuredRun[];
  /** The same gateway with `--auth none`: what JWT verification costs per request. */
  readonly authNone: readonly MeasuredRun[];
  /** The bare server plus one durable journal append per request: the disk's share. */
  readonly floor: readonly MeasuredRun[];
  readonly loggedErrors: number;
};

const targets = { throughputRatio: 0.4, p99Ratio: 10 } as const;

const medianOf = (runs: readonly MeasuredRun[], pick: (run: MeasuredRun) => number) =>
  median(runs.map(pick));

function comparedLine(
  name: string,
  figures: { ours: number; base: number; format: (value: number) => string },
  target: { text: string; met: ((ratio: number) => boolean) | null },
): BenchLine {
  const ratio = figures.ours / figures.base;
  return {
    name,
    value: figures.format(figures.ours),
    baseline: figures.format(figures.base),
    ratio: formatRatio(ratio),
    target: target.text,
    status: target.met === null ? 'INFO' : statusOf(target.met(ratio)),
  };
}

const perRound = (runs: readonly MeasuredRun[]) =>
  runs
    .map(
      (run) =>
        `${formatCount(run.requestsPerSecond)} req/s p99 ${formatMs(run.p99Ms)} (GC ${formatMs(run.gcMs)}, longest ${formatMs(run.longestGcMs)})`,
    )
    .join('; ');

type Figures = Record<
  'ours' | 'base' | 'none' | 'floor',
  { rps: number; p99: number; p50: number; cpu: number }
>;

function figuresOf(runs: HttpRuns): Figures {
  const of = (side: readonly MeasuredRun[]) => ({
    rps: medianOf(side, (run) => run.requestsPerSecond),
    p99: medianOf(side, (run) => run.p99Ms),
    p50: medianOf(side, (run) => run.p50Ms),
    cpu: medianOf(side, (run) => run.cpuMicrosPerRequest),
  });
  return {
    ours: of(runs.pocketnet),
    base: of(runs.baseline),
    none: of(runs.authNone),
    floor: of(runs.floor),
  };
}

const rps = (value: number) => `${formatCount(value)} req/s`;
const micros = (value: number) => `${formatCount(value)} µs`;
const info = { text: 'info', met: null };
const formatLatency = (value: number) => (value === 0 ? '< 1 ms' : formatMs(value));

function httpLines({ ours, base, none, floor }: Figures, clean: boolean): BenchLine[] {
  return [
    comparedLine(
      'HTTP submit-and-wait req/s (file journal)',
      { ours: ours.rps, base: base.rps, format: rps },
      {
        text: `≥ ${formatRatio(targets.throughputRatio)} baseline`,
        met: (ratio) => clean && ratio >= targets.throughputRatio,
      },
    ),
    comparedLine(
      'HTTP submit-and-wait p99 (file journal)',
      // autocannon records whole milliseconds: a 0 ms baseline p99 means "under 1 ms".
      { ours: ours.p99, base: Math.max(base.p99, 1), format: formatLatency },
      {
        text: `≤ ${formatRatio(targets.p99Ratio)} baseline`,
        met: (ratio) => clean && ratio <= targets.p99Ratio,
      },
    ),
    comparedLine(
      'HTTP server CPU per request',
      { ours: ours.cpu, base: base.cpu, format: micros },
      info,
    ),
    comparedLine(
      'HTTP submit-and-wait req/s, --auth none',
      { ours: none.rps, base: base.rps, format: rps },
      info,
    ),
    comparedLine(
      'HTTP server CPU per request, --auth none',
      { ours: none.cpu, base: base.cpu, format: micros },
      info,
    ),
    comparedLine(
      'HTTP bare server + durable append req/s',
      { ours: floor.rps, base: base.rps, format: rps },
      info,
    ),
    // What the durable write leaves: the ratio above caps what any durable submit can reach.
    comparedLine(
      'HTTP submit-and-wait req/s vs bare server + durable append',
      { ours: ours.rps, base: floor.rps, format: rps },
      info,
    ),
  ];
}

export function summariseHttp(runs: HttpRuns, config: BenchConfig['http']): BenchResult {
  const all = [...runs.baseline, ...runs.pocketnet, ...runs.authNone, ...runs.floor];
  const failures = all.reduce((sum, run) => sum + run.failures, 0);
  const figures = figuresOf(runs);
  return {
    lines: httpLines(figures, failures === 0),
    notes: [
      `http: ${config.connections} connections, ${config.seconds} s × ${config.rounds} rounds each side, taking turns, medians; p50 ${formatLatency(figures.ours.p50)} vs baseline ${formatLatency(figures.base.p50)}; failed requests ${failures}, gateway errors logged ${runs.loggedErrors}`,
      `http rounds, baseline: ${perRound(runs.baseline)}`,
      `http rounds, pocketnet: ${perRound(runs.pocketnet)}`,
      `http rounds, --auth none: ${perRound(runs.authNone)}`,
      `http rounds, bare server + durable append: ${perRound(runs.floor)}`,
    ],
  };
}
