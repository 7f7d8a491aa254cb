import type { RequestListener, Server } from 'node:http';
import { nodeHttp } from './node-http.ts';

/** How long a client may take at each step before its connection is closed. */
export type ServerTimeouts = {
  /** From connecting to the end of the request's headers (then 408 and close). */
  readonly headersTimeoutMs: number;
  /** From connecting to the end of the request's body: a body trickling in is cut off. */
  readonly requestTimeoutMs: number;
  /** How long a keep-alive connection may sit idle between requests. */
  readonly keepAliveTimeoutMs: number;
};

/**
 * Generous for any client that is merely slow (a 10 MiB upload at 200 KiB/s), short enough
 * that connections trickling a byte at a time do not pile up. Node's own defaults (60 s,
 * 300 s, checked every 30 s) let one client hold a socket for up to six minutes.
 */
export const defaultServerTimeouts: ServerTimeouts = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
};

/**
 * Every HTTP server the node listens with: Node's server, with the slow-client timeouts bound
 * and checked often enough (a tenth of the shortest, at most each second) to hold to them.
 */
export function createHttpServer(
  listener?: RequestListener,
  timeouts: ServerTimeouts = defaultServerTimeouts,
): Server {
  const shortest = Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs);
  return nodeHttp.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(shortest / 10))),
    },
    listener,
  );
}
