import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { ClientCounts, WindowReport } from './graphql-subscription-lines.ts';

// The subscribers of the GraphQL subscription benchmark, spread over several client processes.
// One process cannot read 1,000 subscribers × 500 events/s (500k frames a second) on the
// 2-core machine: with one, the bare ws baseline's clients fell behind and were cut off in every
// run, so the comparison measured the client. Both sides get the same processes; their reports
// are added up here into the one account the benchmark's lines read.

type Child = ChildProcessByStdio<Writable, Readable, null>;

/** The window's report of one client process (see graphql-subscription-clients.ts). */
type ProcessWindow = WindowReport & {
  readonly cpuSeconds: number;
  /** Events received so far in the window, sampled: [seconds into it, count]. */
  readonly timeline: ReadonlyArray<readonly [number, number]>;
};

export type ClientPlan = {
  readonly url: string;
  readonly count: number;
  readonly kind: 'graphql' | 'raw';
  readonly token?: string;
  readonly query?: string;
  readonly variables?: Record<string, unknown>;
};

const clientsScript = join(import.meta.dirname, 'graphql-subscription-clients.ts');

function spawnOne(plan: ClientPlan) {
  const script = [clientsScript, JSON.stringify(plan)];
  const child: Child = spawn(process.execPath, ['--conditions=development', ...script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator]() };
}

async function nextLine<T>(lines: AsyncIterator<string>): Promise<T> {
  const next = await lines.next();
  if (next.done) throw new Error('a clients process ended early');
  return JSON.parse(next.value) as T;
}

/** `count` split as evenly as possible over `processes` (none of them empty). */
function shares(count: number, processes: number): number[] {
  const used = Math.max(1, Math.min(processes, count));
  return Array.from(
    { length: used },
    (_, index) => Math.floor(count / used) + (index < count % used ? 1 : 0),
  );
}

/** Every process's counts as one: sums, the extremes, the reasons merged. */
export function mergedCounts(all: readonly ClientCounts[]): ClientCounts {
  const reasons: Record<string, number> = {};
  for (const counts of all) {
    for (const [reason, count] of Object.entries(counts.reasons)) {
      reasons[reason] = (reasons[reason] ?? 0) + count;
    }
  }
  const served = all.flatMap((counts) => (counts.servedMin === null ? [] : [counts.servedMin]));
  return {
    total: all.reduce((sum, counts) => sum + counts.total, 0),
    min: Math.min(...all.map((counts) => counts.min)),
    max: Math.max(...all.map((counts) => counts.max)),
    outOfOrder: all.reduce((sum, counts) => sum + counts.outOfOrder, 0),
    servedMin: served.length === 0 ? null : Math.min(...served),
    cutOffs: all.reduce((sum, counts) => sum + counts.cutOffs, 0),
    reasons,
    firstCut: null,
  };
}

/** Events one process had received `seconds` into the window (its last sample by then). */
function receivedBy(report: ProcessWindow, seconds: number): number {
  if (report.firstCut !== null && report.firstCut.seconds === seconds) {
    return report.firstCut.window;
  }
  let count = 0;
  for (const [at, received] of report.timeline) {
    if (at > seconds) break;
    count = received;
  }
  return count;
}

/**
 * The windows of every process as one: events summed, the longest clock, and the first cut-off
 * anywhere with what all processes together had received by then (to the sample before it).
 */
export function mergedWindow(all: readonly ProcessWindow[]): WindowReport & ClientCpu {
  const cuts = all.flatMap((report) => (report.firstCut === null ? [] : [report.firstCut.seconds]));
  const firstCutSeconds = cuts.length === 0 ? null : Math.min(...cuts);
  const firstCut =
    firstCutSeconds === null
      ? null
      : {
          seconds: firstCutSeconds,
          window: all.reduce((sum, report) => sum + receivedBy(report, firstCutSeconds), 0),
        };
  return {
    ...mergedCounts(all),
    firstCut,
    window: all.reduce((sum, report) => sum + report.window, 0),
    seconds: Math.max(...all.map((report) => report.seconds)),
    clientProcesses: all.length,
    clientBusiest: Math.max(...all.map((report) => report.cpuSeconds / report.seconds)),
  };
}

/** How busy the client processes were in the window: their count and the busiest one's share. */
export type ClientCpu = {
  readonly clientProcesses: number;
  /** CPU time over wall time of the busiest client process (1 = one core flat out). */
  readonly clientBusiest: number;
};

/** Spawns the processes and waits until every subscriber is subscribed. */
export async function startClientProcesses(plan: ClientPlan, processes: number) {
  const started = shares(plan.count, processes).map((count) => spawnOne({ ...plan, count }));
  const all = <T>() => Promise.all(started.map(({ lines }) => nextLine<T>(lines)));
  const tell = (command: string) => {
    for (const { child } of started) child.stdin.write(`${command}\n`);
  };
  await all();
  return {
    /** Counts for `seconds` of each process's own clock, then their windows as one. */
    async window(seconds: number) {
      tell(`start ${seconds}`);
      return mergedWindow(await all<ProcessWindow>());
    },
    /** Until every process's connected clients have `committed` events (or went quiet). */
    async drain(committed: number) {
      tell(`drain ${committed}`);
      return mergedCounts(await all<ClientCounts>());
    },
    async close() {
      tell('close');
      await all();
    },
  };
}
