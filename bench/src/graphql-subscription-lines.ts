import { type BenchLine, formatCount, formatRatio, statusOf } from './bench-line.ts';
import type { ClientCpu } from './graphql-client-processes.ts';
import { canCollect, type LiveSample, peakHeldBeyondLedger } from './graphql-heap-watch.ts';
import type { Published } from './graphql-publisher.ts';
import type { GraphQLSubscriptionsConfig } from './graphql-subscriptions.bench.ts';

// The rows of the GraphQL subscription benchmark, from the two runs.

/** What the clients process reports: counts over all clients, and who was cut off and why. */
export type ClientCounts = {
  readonly total: number;
  readonly min: number;
  readonly max: number;
  readonly outOfOrder: number;
  readonly servedMin: number | null;
  readonly cutOffs: number;
  readonly reasons: Readonly<Record<string, number>>;
  /** The first cut-off in the window: seconds into it, events all clients had received by then. */
  readonly firstCut: { readonly seconds: number; readonly window: number } | null;
};

/** Events received during the measured window, and its length by the clients' clock. */
export type WindowReport = ClientCounts & { readonly window: number; readonly seconds: number };

export type Run = {
  readonly final: ClientCounts;
  /** How long after the window the clients took to get the backlog (or to go quiet for 5 s). */
  readonly drainSeconds: number;
  readonly report: WindowReport & ClientCpu;
  readonly published: Published;
  /** The server's own account of its limits (cut-offs, the most held for one client). */
  readonly server: unknown;
  /** What a node with no subscriber grows by for the same committed transfers. */
  readonly ledgerGrowth: number;
  /** Events delivered a second during the window (all clients together). */
  readonly delivered: number;
  /** The machine's one-minute load average at the end of the window. */
  readonly load: number;
  /** Server CPU time (this process, ledger included) per event delivered in the window, in µs. */
  readonly cpuMicrosPerEvent: number;
  /** Heap + external, collected, except `peak` (garbage included) and `live`. */
  readonly memory: {
    readonly beforeClients: number;
    readonly start: number;
    readonly end: number;
    readonly peak: number;
    readonly live: readonly LiveSample[];
    readonly drained: number;
    readonly gone: number;
  };
};

type Config = GraphQLSubscriptionsConfig;

/** What subscriptions hold beyond the ledger's own growth is bounded by this, and no more. */
const heldTarget = 16 * 1024 * 1024;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function heldOf(run: Run) {
  const { memory, ledgerGrowth } = run;
  const perTransaction = ledgerGrowth / Math.max(1, run.published.committed);
  return {
    perTransaction,
    drained: memory.drained - memory.start - ledgerGrowth,
    gone: memory.gone - memory.beforeClients - ledgerGrowth,
    endOfWindow: memory.end - memory.start - ledgerGrowth,
    peakLive: peakHeldBeyondLedger(memory.live, memory.start, perTransaction),
    peak: memory.peak - memory.start,
  };
}

const committedRate = (run: Run) => run.published.committed / run.published.seconds;
/** Delivered a second while every client was still served (the whole window if none was cut). */
const servedRate = (run: Run) =>
  run.report.firstCut === null
    ? run.delivered
    : run.report.firstCut.window / Math.max(0.001, run.report.firstCut.seconds);

function twoSided(name: string, graphql: string, raw: string): BenchLine {
  return { name, value: graphql, baseline: raw, ratio: '', target: 'info', status: 'INFO' };
}

const cutText = (run: Run, subscribers: number) =>
  `${run.final.cutOffs} of ${formatCount(subscribers)}`;

const reasonsText = (run: Run) =>
  Object.entries(run.final.reasons)
    .map(([reason, count]) => `${count}× ${reason}`)
    .join('; ') || 'none';

/** Delivered while every subscriber was still served: what a run with cut-offs can compare. */
function servedLine(graphql: Run, raw: Run): BenchLine {
  const until = (run: Run) =>
    run.report.firstCut ? `${run.report.firstCut.seconds.toFixed(0)} s` : 'end';
  return {
    ...twoSided(
      `delivered while every subscriber was served (to the first cut-off: ${until(graphql)} / ${until(raw)})`,
      `${formatCount(servedRate(graphql))} events/s`,
      `${formatCount(servedRate(raw))} events/s`,
    ),
    ratio: formatRatio(servedRate(graphql) / servedRate(raw)),
  };
}

/** Events every subscriber should have had: each committed transfer, to each of them. */
const expectedOf = (run: Run, config: Config) => run.published.committed * config.subscribers;
/** Every subscriber got every committed event, none was cut off. */
const deliveredAll = (run: Run, config: Config) =>
  run.final.cutOffs === 0 && run.final.total >= expectedOf(run, config);

const deliveredText = (run: Run, config: Config) => {
  const expected = expectedOf(run, config);
  const share = ((100 * run.final.total) / Math.max(1, expected)).toFixed(1);
  const inWindow = ((100 * run.report.window) / Math.max(1, expected)).toFixed(1);
  return `${formatCount(run.final.total)} of ${formatCount(expected)} (${share} %; ${inWindow} % within the window; drained in ${run.drainSeconds.toFixed(0)} s after it)`;
};

const percent = (share: number) => `${(100 * share).toFixed(0)} %`;

/**
 * CPU over wall time in the window: the serving process (ledger included) and the busiest
 * client process, with the machine's load then. Both well under a core while events pile up
 * means the processes were not given the CPU (a shared machine), not that either was saturated.
 */
const cpuText = (run: Run) => {
  const server = (run.cpuMicrosPerEvent * run.delivered) / 1e6;
  return `server ${percent(server)}, busiest of ${run.report.clientProcesses} clients ${percent(run.report.clientBusiest)}, load ${run.load.toFixed(1)}`;
};

/**
 * The ratio to the bare broadcast is a verdict on the gateway only when the baseline itself
 * delivered every event: a baseline whose clients fell behind measured the client processes,
 * and a ratio against it says nothing about the gateway.
 */
function verdictLine(graphql: Run, raw: Run, config: Config, label: string): BenchLine {
  const ratio = graphql.delivered / raw.delivered;
  const scheduleMet = [graphql, raw].every((run) => committedRate(run) >= config.rate * 0.95);
  const name = `GraphQL subscriptions (WebSocket) vs bare ws broadcast, ${label}`;
  const figures = {
    value: `${formatCount(graphql.delivered)} events/s`,
    baseline: `${formatCount(raw.delivered)} events/s`,
    ratio: formatRatio(ratio),
  };
  if (!deliveredAll(raw, config)) {
    return {
      name: `${name} (not judged: the bare baseline did not get every event to every client, so its rate is what this machine let the clients read, not a bound on the gateway)`,
      ...figures,
      target: '≥ 0.50× (needs a baseline that delivers)',
      status: 'INFO',
    };
  }
  const passed = ratio >= 0.5 && deliveredAll(graphql, config) && scheduleMet;
  return { name, ...figures, target: '≥ 0.50×', status: statusOf(passed) };
}

function deliveryLines(graphql: Run, raw: Run, config: Config): BenchLine[] {
  const label = `${formatCount(config.subscribers)} subscribers, ${config.rate} events/s, ${config.seconds} s`;
  const scheduleMet = [graphql, raw].every((run) => committedRate(run) >= config.rate * 0.95);
  const cut = graphql.final.cutOffs + raw.final.cutOffs > 0;
  const lines: BenchLine[] = [
    verdictLine(graphql, raw, config, label),
    {
      name: 'events delivered of those expected (every committed transfer to every subscriber)',
      value: deliveredText(graphql, config),
      baseline: deliveredText(raw, config),
      ratio: '',
      target: 'all (GraphQL)',
      status: statusOf(deliveredAll(graphql, config)),
    },
    twoSided('CPU over wall time in the window, and the load', cpuText(graphql), cpuText(raw)),
  ];
  if (cut) lines.push(servedLine(graphql, raw));
  lines.push({
    name: `transfers committed a second (offered: ${config.rate}/s, the same schedule both sides)`,
    value: `${formatCount(committedRate(graphql))}/s`,
    baseline: `${formatCount(committedRate(raw))}/s`,
    ratio: '',
    target: '≥ 95 % of offered',
    status: statusOf(scheduleMet),
  });
  return lines;
}

/** The server's own counters (its cut-offs, the most it held), as `name value` pairs. */
const serverText = (run: Run) =>
  Object.entries((run.server ?? {}) as Record<string, unknown>)
    .filter(
      ([name, value]) => typeof value === 'number' && name !== 'clients' && name !== 'heldBytes',
    )
    .map(([name, value]) => `${name} ${formatCount(value as number)}`)
    .join(', ');

function cutOffLines(graphql: Run, raw: Run, config: Config): BenchLine[] {
  return [
    {
      name: `subscribers cut off (same limits both sides: ${mib(config.limits.highWaterMark)} each, ${mib(config.limits.totalHighWaterMark)} all together)`,
      value: cutText(graphql, config.subscribers),
      baseline: cutText(raw, config.subscribers),
      ratio: '',
      target: 'none',
      status: statusOf(graphql.final.cutOffs === 0),
    },
    twoSided(
      'why they were cut off (as the clients saw it)',
      reasonsText(graphql),
      reasonsText(raw),
    ),
    twoSided(
      "the server's account (its cut-offs, the most it held)",
      serverText(graphql),
      serverText(raw),
    ),
    twoSided(
      'events received each (of those committed), out of order',
      `${graphql.final.min}–${graphql.final.max} of ${graphql.published.committed}, ${graphql.final.outOfOrder}`,
      `${raw.final.min}–${raw.final.max} of ${raw.published.committed}, ${raw.final.outOfOrder}`,
    ),
  ];
}

function memoryLines(graphql: Run, raw: Run): BenchLine[] {
  const [g, r] = [heldOf(graphql), heldOf(raw)];
  const bounded = (name: string, pick: (held: typeof g) => number): BenchLine => ({
    name,
    value: mib(pick(g)),
    baseline: mib(pick(r)),
    ratio: '',
    // Without forced collections the figures are mostly garbage: nothing to hold them to.
    target: canCollect() ? `≤ ${mib(heldTarget)}` : 'info (run with --expose-gc)',
    status: canCollect() ? statusOf(pick(g) <= heldTarget) : 'INFO',
  });
  const ledger = (run: Run, held: typeof g) =>
    `${mib(run.ledgerGrowth)} for ${formatCount(run.published.committed)} (${formatCount(held.perTransaction)} B each)`;
  return [
    bounded(
      'memory subscriptions hold once their backlog is delivered (ledger growth taken out)',
      (held) => held.drained,
    ),
    bounded(
      'memory left once every client has gone (ledger growth taken out): the leak check',
      (held) => held.gone,
    ),
    twoSided(
      'memory held beyond the ledger: peak after full collections / at the end of the window',
      `${mib(g.peakLive)} / ${mib(g.endOfWindow)}`,
      `${mib(r.peakLive)} / ${mib(r.endOfWindow)}`,
    ),
    twoSided('memory growth at its peak, garbage and ledger included', mib(g.peak), mib(r.peak)),
    twoSided(
      'the subscribed connections themselves (collected, before publishing)',
      mib(graphql.memory.start - graphql.memory.beforeClients),
      mib(raw.memory.start - raw.memory.beforeClients),
    ),
    twoSided(
      "the ledger's own growth for those transfers (a node with no subscriber)",
      ledger(graphql, g),
      ledger(raw, r),
    ),
  ];
}

export function linesOf(graphql: Run, raw: Run, config: Config): BenchLine[] {
  return [
    ...deliveryLines(graphql, raw, config),
    ...cutOffLines(graphql, raw, config),
    ...memoryLines(graphql, raw),
    {
      ...twoSided(
        'server CPU per delivered event, ledger included (GraphQL / bare ws)',
        `${graphql.cpuMicrosPerEvent.toFixed(1)} µs`,
        `${raw.cpuMicrosPerEvent.toFixed(1)} µs`,
      ),
      ratio: formatRatio(raw.cpuMicrosPerEvent / graphql.cpuMicrosPerEvent),
    },
  ];
}
