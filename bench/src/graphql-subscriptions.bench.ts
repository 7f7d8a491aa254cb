import { loadavg } from 'node:os';
import { envInteger } from './bench-config.ts';
import type { BenchResult } from './bench-line.ts';
import {
  ledgerEndOf,
  type SlowClientLimits,
  slowClientLimits,
  startGraphQLNode,
} from './graphql-bench-node.ts';
import { startBroadcastServer } from './graphql-broadcast-server.ts';
import { startClientProcesses } from './graphql-client-processes.ts';
import { canCollect, collectedMemory, watchMemory } from './graphql-heap-watch.ts';
import { commitTransfers, startPublisher } from './graphql-publisher.ts';
import type { Run } from './graphql-subscription-lines.ts';
import { linesOf } from './graphql-subscription-lines.ts';

// GraphQL subscriptions under load: N WebSocket subscribers of the transfer events (Iou
// transfers to bob) while R events a second are committed, against a bare `ws` server that
// broadcasts the same frames to N clients. Clients run in child processes (the same number for
// both sides, BENCH_GRAPHQL_CLIENT_PROCESSES, 4 by default); this process serves,
// as `pocketnet start` does (node and server on one event loop). Each side runs on a fresh node;
// then a node without subscribers commits the same number of transfers, which is what the
// ledger itself keeps (every update for the Ledger API's log, every active contract), so that
// what the subscriptions hold can be told from it.

export type GraphQLSubscriptionsConfig = {
  readonly subscribers: number;
  readonly rate: number;
  readonly seconds: number;
  /** What a slow client may cost, the same for the gateway and the bare ws server. */
  readonly limits: SlowClientLimits;
  /** The client processes the subscribers are spread over, the same for both sides. */
  readonly clientProcesses: number;
};

/** A rate at which the bare ws side keeps up with 1,000 subscribers on the 2-core machine. */
export const sustainableRate = 100;

/**
 * BENCH_GRAPHQL_* from the environment; `--long` (or BENCH_GRAPHQL_SECONDS) runs 5 minutes,
 * `--sustainable` offers `sustainableRate` instead of the 500 events/s.
 */
export function readGraphQLSubscriptionsConfig(args = process.argv): GraphQLSubscriptionsConfig {
  const long = args.includes('--long');
  const sustainable = args.includes('--sustainable');
  return {
    subscribers: envInteger('BENCH_GRAPHQL_SUBSCRIBERS', 1000),
    rate: envInteger('BENCH_GRAPHQL_RATE', sustainable ? sustainableRate : 500),
    seconds: envInteger('BENCH_GRAPHQL_SECONDS', long ? 300 : 20),
    limits: slowClientLimits(),
    clientProcesses: envInteger('BENCH_GRAPHQL_CLIENT_PROCESSES', 4),
  };
}

export const transferSubscription = `subscription($b: Offset!, $p: [String!]) {
  updates(beginExclusive: $b, filter: { parties: $p }) {
    ... on Transaction { offset updateId effectiveAt
      events { __typename contractId templateId ... on CreatedEvent { contract { payload } } } }
  }
}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until `count()` is 0 (every client's connection has closed here), for at most 10 s. */
async function untilNone(count: () => number | Promise<number>) {
  for (let waited = 0; waited < 10_000 && (await count()) > 0; waited += 50) await sleep(50);
}

/** What a node with no subscriber grows by when `count` transfers are committed. */
export async function ledgerGrowth(count: number): Promise<number> {
  const node = await startGraphQLNode();
  await sleep(200);
  const before = collectedMemory();
  await commitTransfers(node.ledger, count);
  const after = collectedMemory();
  await node.close();
  return after - before;
}

type Served = {
  readonly node: Awaited<ReturnType<typeof startGraphQLNode>>;
  readonly broadcast: Awaited<ReturnType<typeof startBroadcastServer>> | null;
  readonly clients: Awaited<ReturnType<typeof startClientProcesses>>;
};

/**
 * After the window: the backlog is delivered before the memory is measured again (a backlog is
 * not a leak), then every client closes and it is measured once more (what stays is a leak).
 */
async function afterWindow(served: Served, committed: number) {
  const { node, broadcast, clients } = served;
  const draining = performance.now();
  const final = await clients.drain(committed);
  const drainSeconds = (performance.now() - draining) / 1000;
  const drained = collectedMemory();
  await clients.close();
  await untilNone(() => broadcast?.stats().clients ?? node.connections());
  await sleep(200);
  const gone = collectedMemory();
  const server = broadcast?.stats() ?? node.streamStats();
  await broadcast?.close();
  await node.close();
  return { final, drainSeconds, drained, gone, server };
}

/** One run: subscribers connect, events are published for `seconds`, the clients report. */
export async function runGraphQLSubscriptionsOnce(
  kind: 'graphql' | 'raw',
  config: GraphQLSubscriptionsConfig,
): Promise<Omit<Run, 'ledgerGrowth'>> {
  const { limits } = config;
  const node = await startGraphQLNode(limits);
  const beginExclusive = ledgerEndOf(node.ledger.node);
  const broadcast =
    kind === 'raw' ? await startBroadcastServer(node.ledger, { beginExclusive, limits }) : null;
  await sleep(200);
  const beforeClients = collectedMemory();
  const plan = {
    url: broadcast?.url ?? node.url,
    count: config.subscribers,
    kind,
    token: node.token,
    query: transferSubscription,
    variables: { b: beginExclusive, p: [node.ledger.bob] },
  };
  const clients = await startClientProcesses(plan, config.clientProcesses);
  await sleep(500);
  const start = collectedMemory();
  const cpu = process.cpuUsage();
  const publisher = startPublisher(node.ledger, config.rate, kind);
  const watch = watchMemory(publisher.committed);
  // The clients keep the time: this process may be too busy to.
  const report = await clients.window(config.seconds);
  const used = process.cpuUsage(cpu);
  const [load = 0] = loadavg();
  const published = await publisher.stop();
  const { peak, live } = watch.stop();
  const end = collectedMemory();
  const after = await afterWindow({ node, broadcast, clients }, published.committed);
  return {
    final: after.final,
    drainSeconds: after.drainSeconds,
    report,
    published,
    server: after.server,
    load,
    delivered: report.window / report.seconds,
    cpuMicrosPerEvent: (used.user + used.system) / Math.max(1, report.window),
    memory: { beforeClients, start, end, peak, live, drained: after.drained, gone: after.gone },
  };
}

async function runSide(kind: 'graphql' | 'raw', config: GraphQLSubscriptionsConfig): Promise<Run> {
  const run = await runGraphQLSubscriptionsOnce(kind, config);
  return { ...run, ledgerGrowth: await ledgerGrowth(run.published.committed) };
}

export async function runGraphQLSubscriptions(
  config: GraphQLSubscriptionsConfig = readGraphQLSubscriptionsConfig(),
): Promise<BenchResult> {
  const graphql = await runSide('graphql', config);
  const raw = await runSide('raw', config);
  const brief = (run: Run) =>
    JSON.stringify({ ...run, memory: { ...run.memory, live: undefined } });
  const notes = [
    `graphql: ${brief(graphql)}`,
    `raw ws: ${brief(raw)}`,
    canCollect()
      ? 'memory (heap + external) measured after full collections (--expose-gc)'
      : 'memory measured without --expose-gc: growth figures include garbage',
  ];
  return { lines: linesOf(graphql, raw, config), notes };
}
