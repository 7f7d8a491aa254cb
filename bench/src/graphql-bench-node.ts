import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createGateway,
  defaultAudience,
  defaultStreamLimits,
  type GatewayDeps,
  mintDevToken,
} from '@pocketnet/gateway';
import type { PocketnetNode } from '@pocketnet/runtime';
import { envInteger } from './bench-config.ts';
import { startIouNode } from './iou-node.ts';

// The node of the GraphQL subscription benchmark, and the gateway (GraphQL over WebSocket)
// serving it, as `pocketnet start` runs them: one process, one event loop.

export const devSecret = 'unsafe';

const ignore = () => undefined;
const quietLogger = {
  level: 'error',
  error: ignore,
  warn: ignore,
  info: ignore,
  debug: ignore,
  trace: ignore,
  fatal: ignore,
  child: () => quietLogger,
} as unknown as GatewayDeps['logger'];

/** What a slow client may cost: each one (`highWaterMark`), all together (`totalHighWaterMark`). */
export type SlowClientLimits = {
  readonly highWaterMark: number;
  readonly totalHighWaterMark: number;
};

/**
 * The gateway's own limits, unless BENCH_GRAPHQL_TOTAL_MIB sets the total (to tell what the
 * process-wide budget does from what the delivery does).
 */
export function slowClientLimits(): SlowClientLimits {
  const { highWaterMark, totalHighWaterMark } = defaultStreamLimits;
  const totalMib = envInteger('BENCH_GRAPHQL_TOTAL_MIB', totalHighWaterMark / 1024 / 1024);
  return { highWaterMark, totalHighWaterMark: totalMib * 1024 * 1024 };
}

/** A fresh node with the gateway on a free port; its WebSocket URL and a token for the user. */
export async function startGraphQLNode(limits: SlowClientLimits = slowClientLimits()) {
  const ledger = await startIouNode(null);
  const auth = { mode: 'hs256', secret: devSecret, audience: defaultAudience } as const;
  const deps = { node: ledger.node, auth, logger: quietLogger, streamLimits: limits };
  const gateway = createGateway(deps);
  const server = createServer(gateway.app);
  gateway.attachWebSockets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const token = await mintDevToken({
    userId: ledger.userId,
    secret: devSecret,
    audience: defaultAudience,
  });
  return {
    ledger,
    url: `ws://127.0.0.1:${port}/graphql`,
    token,
    /** What the gateway's stream limits did (cut-offs, the most held for one client). */
    streamStats: () => gateway.streamStats(),
    /** Open TCP connections (WebSockets included): 0 once every client has gone. */
    connections: () =>
      new Promise<number>((resolve, reject) =>
        server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      ),
    async close() {
      gateway.closeStreams();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await ledger.node.close();
    },
  };
}

export const ledgerEndOf = (node: PocketnetNode) => node.reads.ledgerEnd({ kind: 'unrestricted' });
