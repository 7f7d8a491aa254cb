import { setTimeout as sleep } from 'node:timers/promises';
import type { JournalRecord } from '@pocketnet/ledger';
import { createSimulatedClock } from '@pocketnet/ledger';
import { createNode, type PocketnetNode } from '@pocketnet/runtime';
import { createActorSink, createCallbackSink, type RoutingSink } from './actors-sinks.ts';
import { createActorWorkload, startMicros } from './actors-workload.ts';
import { median } from './bench-line.ts';

// Child process of the actor benchmark (run with --expose-gc; the config is its argument, as
// JSON): the actor runtime and the baseline's callbacks take turns on the same records, and it
// prints the medians as one JSON line. Each side lives through the whole run, as a node's one
// runtime does, and is warmed up before it is measured (V8 compiles its hot functions during
// the warm-up, not during the measurement); both start each measured phase on a collected heap,
// so that neither pays for its setup's garbage (10,000 spawns or registrations) nor for the
// other side's.

export type ActorRoutingConfig = {
  readonly actors: number;
  readonly rate: number;
  readonly seconds: number;
  readonly burst: number;
  readonly warmup: number;
  readonly repeats: number;
};

/** CPU time per update, µs: the whole process (GC helper threads included) and its main thread. */
type Cpu = { readonly process: number; readonly thread: number };
type Run = { readonly paced: Cpu; readonly burst: Cpu; readonly burstRate: number };
export type SideReading = Run & {
  readonly steps: { readonly planned: number; readonly xstate: number } | null;
};
export type ActorRoutingReading = {
  readonly actors: SideReading;
  readonly callbacks: SideReading;
};

type Records = {
  readonly paced: readonly JournalRecord[];
  readonly burst: readonly JournalRecord[];
};

function cpuClock() {
  const processBefore = process.cpuUsage();
  const threadBefore = process.threadCpuUsage();
  return (updates: number): Cpu => {
    const processUsed = process.cpuUsage(processBefore);
    const threadUsed = process.threadCpuUsage(threadBefore);
    return {
      process: (processUsed.user + processUsed.system) / updates,
      thread: (threadUsed.user + threadUsed.system) / updates,
    };
  };
}

async function settleHeap(): Promise<void> {
  const { gc } = globalThis;
  if (gc === undefined) throw new Error('run with --expose-gc');
  gc();
  await sleep(100);
}

/** At the offered rate, in 5 ms ticks: CPU time per update. */
async function paced(sink: RoutingSink, records: readonly JournalRecord[], rate: number) {
  const began = performance.now();
  const cpu = cpuClock();
  let sent = 0;
  while (sent < records.length) {
    const due = Math.min(records.length, Math.floor(((performance.now() - began) / 1000) * rate));
    while (sent < due) sink.publish(records[sent++] as JournalRecord);
    await sleep(5);
  }
  return cpu(sent);
}

/** As fast as the sink takes them: CPU time per update and the rate. */
function burst(sink: RoutingSink, records: readonly JournalRecord[]) {
  const began = performance.now();
  const cpu = cpuClock();
  for (const record of records) sink.publish(record);
  const used = cpu(records.length);
  return { cpu: used, rate: records.length / ((performance.now() - began) / 1000) };
}

type Side = { readonly name: 'actors' | 'callbacks'; readonly sink: RoutingSink; runs: Run[] };

async function measureRound(side: Side, round: Records, rate: number) {
  await settleHeap();
  const pacedCpu = await paced(side.sink, round.paced, rate);
  await settleHeap();
  const fast = burst(side.sink, round.burst);
  side.runs.push({ paced: pacedCpu, burst: fast.cpu, burstRate: fast.rate });
}

const medianCpu = (cpus: readonly Cpu[]): Cpu => ({
  process: median(cpus.map((cpu) => cpu.process)),
  thread: median(cpus.map((cpu) => cpu.thread)),
});

function summary(side: Side): SideReading {
  return {
    paced: medianCpu(side.runs.map((run) => run.paced)),
    burst: medianCpu(side.runs.map((run) => run.burst)),
    burstRate: median(side.runs.map((run) => run.burstRate)),
    steps: side.sink.stepCounts?.() ?? null,
  };
}

/**
 * One actor runtime and one set of callbacks, each fed the same records in the same order: the
 * workflows, a warm-up, then a round of paced and fast updates at a time, the two sides taking
 * turns at going first, so that neither always runs on a warmer or a more fragmented heap.
 */
export async function measureRouting(
  node: PocketnetNode,
  config: ActorRoutingConfig,
): Promise<ActorRoutingReading> {
  const workload = createActorWorkload(node);
  const setup = [...workload.workflows(config.actors), ...workload.updates(config.warmup)];
  const clock = createSimulatedClock(startMicros);
  const actors: Side = { name: 'actors', sink: createActorSink(node, clock), runs: [] };
  const callbacks: Side = { name: 'callbacks', sink: createCallbackSink(), runs: [] };
  for (const side of [actors, callbacks]) {
    for (const record of setup) side.sink.publish(record);
  }
  for (let round = 0; round < config.repeats; round++) {
    const records = {
      paced: workload.updates(config.rate * config.seconds),
      burst: workload.updates(config.burst),
    };
    const order = round % 2 === 0 ? [actors, callbacks] : [callbacks, actors];
    for (const side of order) await measureRound(side, records, config.rate);
  }
  for (const side of [actors, callbacks]) side.sink.verify(config.actors);
  const reading = { actors: summary(actors), callbacks: summary(callbacks) };
  for (const side of [actors, callbacks]) side.sink.close();
  return reading;
}

if (import.meta.main) {
  const config = JSON.parse(process.argv[2] ?? '{}') as ActorRoutingConfig;
  const node = await createNode({
    onBackgroundError: (error) => console.error('background work failed', error),
    dataDir: null,
    clock: createSimulatedClock(startMicros),
    participantName: 'participant1',
    synchronizerName: 'global-domain',
    ledgerApiVersion: '3.4.12',
  });
  const reading = await measureRouting(node, config);
  await node.close();
  console.log(JSON.stringify(reading));
}
