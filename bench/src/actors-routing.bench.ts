import { join } from 'node:path';
import type { ActorMemoryReading } from './actors-memory.ts';
import type { ActorRoutingConfig, ActorRoutingReading } from './actors-routing.main.ts';
import { envInteger } from './bench-config.ts';
import {
  type BenchLine,
  type BenchResult,
  formatBytes,
  formatCount,
  formatRatio,
  infoLine,
  statusOf,
} from './bench-line.ts';
import { runNodeScript } from './child-process.ts';
import { renderTable } from './report-table.ts';

export function readActorRoutingConfig(): ActorRoutingConfig {
  return {
    actors: envInteger('BENCH_ACTORS', 10_000),
    rate: envInteger('BENCH_ACTORS_RATE', 5_000),
    seconds: envInteger('BENCH_ACTORS_SECONDS', 3),
    burst: envInteger('BENCH_ACTORS_BURST', 30_000),
    warmup: envInteger('BENCH_ACTORS_WARMUP', 30_000),
    repeats: envInteger('BENCH_ACTORS_REPEATS', 5),
  };
}

const perSecond = (rate: number) => `${formatCount(rate)} updates/s`;
const micros = (value: number) => `${value.toFixed(2)} µs`;

/** A line comparing CPU per update: the ratio is of rates (updates per CPU second). */
function cpuLine(name: string, actors: number, callbacks: number, target?: number): BenchLine {
  const ratio = callbacks / actors;
  return {
    name,
    value: micros(actors),
    baseline: micros(callbacks),
    ratio: formatRatio(ratio),
    ...(target === undefined
      ? { target: 'info', status: 'INFO' as const }
      : { target: `≥ ${formatRatio(target)}`, status: statusOf(ratio >= target) }),
  };
}

function linesOf(config: ActorRoutingConfig, reading: ActorRoutingReading, memory: number) {
  const { actors, callbacks } = reading;
  const steps = actors.steps;
  const planned = steps === null ? 0 : steps.planned / Math.max(1, steps.planned + steps.xstate);
  return [
    cpuLine(
      `actors: CPU per update at ${formatCount(config.rate)}/s, ${formatCount(config.actors)} live`,
      actors.paced.process,
      callbacks.paced.process,
      0.5,
    ),
    cpuLine('  the same, main thread only', actors.paced.thread, callbacks.paced.thread),
    cpuLine(
      '  CPU per update, as fast as they come',
      actors.burst.process,
      callbacks.burst.process,
    ),
    {
      name: '  routed updates/s, as fast as they come',
      value: perSecond(actors.burstRate),
      baseline: perSecond(callbacks.burstRate),
      ratio: formatRatio(actors.burstRate / callbacks.burstRate),
      target: 'info',
      status: 'INFO' as const,
    },
    infoLine('  steps taken by transition plans', `${(planned * 100).toFixed(1)}%`),
    infoLine('actors: heap per live actor', formatBytes(memory)),
  ];
}

export async function runActorRouting(config: ActorRoutingConfig): Promise<BenchResult> {
  const reading = await runNodeScript<ActorRoutingReading>(
    join(import.meta.dirname, 'actors-routing.main.ts'),
    { args: [JSON.stringify(config)], nodeFlags: ['--expose-gc'] },
  );
  const memory = await runNodeScript<ActorMemoryReading>(
    join(import.meta.dirname, 'actors-memory.ts'),
    { args: [String(config.actors)], nodeFlags: ['--expose-gc'] },
  );
  return {
    lines: linesOf(config, reading, memory.bytesPerActor),
    notes: [
      `actors: ${formatCount(config.actors)} workflows (merge delegations, preapprovals, offers, traffic requests), then merges and renewals through the bus: at ${formatCount(config.rate)}/s for ${config.seconds} s and ${formatCount(config.burst)} as fast as possible; baseline = a bare RxJS Subject routing the same records by contract id to ${formatCount(config.actors)} plain callbacks; the ratio is of updates per CPU second (process CPU: GC threads included), medians of ${config.repeats} alternating runs in a child process, each side warmed up with ${formatCount(config.warmup)} updates and each phase on a collected heap; heap per actor after gc in another child`,
    ],
  };
}

if (import.meta.main) {
  const result = await runActorRouting(readActorRoutingConfig());
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
