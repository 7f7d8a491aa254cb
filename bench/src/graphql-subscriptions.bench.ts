import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { envInteger } from './bench-config.ts';
import {
  type BenchLine,
  type BenchResult,
  formatCount,
  formatRatio,
  infoLine,
  statusOf,
} from './bench-line.ts';
import { ledgerEndOf, startGraphQLNode, startPublisher } from './graphql-bench-node.ts';
import { startBroadcastServer } from './graphql-broadcast-server.ts';

// GraphQL subscriptions under load: N WebSocket subscribers of the transfer events (Iou
// transfers to bob) while R events a second are committed, against a bare `ws` server that
// broadcasts the same frames to N clients. Clients run in a child process; this process serves.

export type GraphQLSubscriptionsConfig = {
  readonly subscribers: number;
  readonly rate: number;
  readonly seconds: number;
};

/** BENCH_GRAPHQL_* from the environment; `--long` (or BENCH_GRAPHQL_SECONDS) runs 5 minutes. */
export function readGraphQLSubscriptionsConfig(): GraphQLSubscriptionsConfig {
  const long = process.argv.includes('--long');
  return {
    subscribers: envInteger('BENCH_GRAPHQL_SUBSCRIBERS', 1000),
    rate: envInteger('BENCH_GRAPHQL_RATE', 500),
    seconds: envInteger('BENCH_GRAPHQL_SECONDS', long ? 300 : 20),
  };
}

export const transferSubscription = `subscription($b: Offset!, $p: [String!]) {
  updates(beginExclusive: $b, filter: { parties: $p }) {
    ... on Transaction { offset updateId effectiveAt
      events { __typename contractId templateId ... on CreatedEvent { contract { payload } } } }
  }
}`;

type Report = {
  /** Events received during the measured window, and its length by the clients' clock. */
  window: number;
  seconds: number;
  total: number;
  min: number;
  max: number;
  outOfOrder: number;
  errors: number;
};
type Clients = ChildProcessByStdio<Writable, Readable, null>;
type Final = { total: number; min: number; max: number; outOfOrder: number; errors: number };
type Run = {
  /** Every client's counts once the backlog has been delivered. */
  readonly final: Final;
  /** Events delivered a second while publishing (all clients together). */
  readonly delivered: number;
  /** Server CPU time (this process) per delivered event, in µs. */
  readonly cpuMicrosPerEvent: number;
  readonly seconds: number;
  readonly report: Report;
  readonly published: { sent: number; committed: number; failed: number };
  /** Heap before, at the end of the window (with its backlog), at its peak, and once drained. */
  readonly heap: {
    readonly start: number;
    readonly end: number;
    readonly peak: number;
    readonly drained: number;
  };
};

const clientsScript = join(import.meta.dirname, 'graphql-subscription-clients.ts');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function nextLine<T>(lines: AsyncIterator<string>): Promise<T> {
  const next = await lines.next();
  if (next.done) throw new Error('the clients process ended early');
  return JSON.parse(next.value) as T;
}

/** The heap after a full collection when `--expose-gc` is on, else as it is. */
function heapUsed(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

function spawnClients(plan: Record<string, unknown>): { child: Clients; lines: Interface } {
  const child = spawn(
    process.execPath,
    ['--conditions=development', clientsScript, JSON.stringify(plan)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  return { child, lines: createInterface({ input: child.stdout }) };
}

/** One run: subscribers connect, events are published for `seconds`, the clients report. */
export async function runGraphQLSubscriptionsOnce(
  kind: 'graphql' | 'raw',
  config: GraphQLSubscriptionsConfig,
): Promise<Run> {
  const node = await startGraphQLNode();
  const begin = ledgerEndOf(node.ledger.node);
  const broadcast = kind === 'raw' ? await startBroadcastServer(node.ledger, begin) : null;
  const plan = {
    url: broadcast?.url ?? node.url,
    count: config.subscribers,
    kind,
    token: node.token,
    query: transferSubscription,
    variables: { b: begin, p: [node.ledger.bob] },
  };
  const { child, lines } = spawnClients(plan);
  const reader = lines[Symbol.asyncIterator]();
  await nextLine(reader);
  await sleep(500);
  const start = heapUsed();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 250);
  const cpu = process.cpuUsage();
  const publisher = startPublisher(node.ledger, config.rate, kind);
  // The clients keep the time: this process may be too busy to.
  child.stdin.write(`start ${config.seconds}\n`);
  const report = await nextLine<Report>(reader);
  const used = process.cpuUsage(cpu);
  const published = publisher.stop();
  clearInterval(sampler);
  const end = heapUsed();
  // What is left is delivered before the heap is measured again: a backlog is not a leak.
  await sleep(200);
  child.stdin.write(`drain ${published.committed}\n`);
  const final = await nextLine<Final>(reader);
  const drained = heapUsed();
  await broadcast?.close();
  await node.close();
  return {
    final,
    delivered: report.window / report.seconds,
    cpuMicrosPerEvent: (used.user + used.system) / Math.max(1, report.total),
    seconds: report.seconds,
    report,
    published,
    heap: { start, end, peak, drained },
  };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function linesOf(graphql: Run, raw: Run, config: GraphQLSubscriptionsConfig): BenchLine[] {
  const ratio = graphql.delivered / raw.delivered;
  const growth = graphql.heap.drained - graphql.heap.start;
  const rawGrowth = raw.heap.drained - raw.heap.start;
  const label = `${formatCount(config.subscribers)} subscribers, ${config.rate} events/s, ${config.seconds} s`;
  return [
    {
      name: `GraphQL subscriptions (WebSocket) vs bare ws broadcast, ${label}`,
      value: `${formatCount(graphql.delivered)} events/s`,
      baseline: `${formatCount(raw.delivered)} events/s`,
      ratio: formatRatio(ratio),
      target: '≥ 0.50×',
      status: statusOf(ratio >= 0.5),
    },
    {
      name: 'server heap growth over the run, backlog delivered (bare ws: same ledger)',
      value: mib(growth),
      baseline: mib(rawGrowth),
      ratio: '',
      target: '≤ baseline + 32 MiB',
      status: statusOf(growth <= rawGrowth + 32 * 1024 * 1024),
    },
    {
      name: 'server CPU per delivered event (GraphQL / bare ws)',
      value: `${graphql.cpuMicrosPerEvent.toFixed(1)} µs`,
      baseline: `${raw.cpuMicrosPerEvent.toFixed(1)} µs`,
      ratio: formatRatio(raw.cpuMicrosPerEvent / graphql.cpuMicrosPerEvent),
      target: 'info',
      status: 'INFO',
    },
    infoLine(
      'GraphQL server heap peak / at the end of the window (the backlog)',
      `${mib(graphql.heap.peak - graphql.heap.start)} / ${mib(graphql.heap.end - graphql.heap.start)}`,
    ),
    infoLine(
      'GraphQL subscribers: events received each (of those published), in order',
      `${graphql.final.min}–${graphql.final.max} of ${graphql.published.committed}, ${graphql.final.outOfOrder} out of order, ${graphql.final.errors} errors`,
    ),
    infoLine(
      'events published a second (GraphQL run / bare ws run)',
      `${formatCount(graphql.published.committed / graphql.seconds)} / ${formatCount(raw.published.committed / raw.seconds)}`,
    ),
  ];
}

export async function runGraphQLSubscriptions(
  config: GraphQLSubscriptionsConfig = readGraphQLSubscriptionsConfig(),
): Promise<BenchResult> {
  const graphql = await runGraphQLSubscriptionsOnce('graphql', config);
  const raw = await runGraphQLSubscriptionsOnce('raw', config);
  const notes = [
    `graphql: ${JSON.stringify(graphql)}`,
    `raw ws: ${JSON.stringify(raw)}`,
    (globalThis as { gc?: unknown }).gc
      ? 'heap measured after full collections (--expose-gc)'
      : 'heap measured without --expose-gc: growth figures include garbage',
  ];
  return { lines: linesOf(graphql, raw, config), notes };
}
