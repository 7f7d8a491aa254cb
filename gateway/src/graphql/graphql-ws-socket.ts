import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Server as GraphQLWsServer } from 'graphql-ws';
import type { WebSocket } from 'ws';
import type { StreamBudget } from '../http/stream-budget.ts';
import type { StreamGauge } from '../http/stream-gauge.ts';
import { overBudget } from './to-async-iterable.ts';

/** What graphql-ws's context carries of a connection (as its own `ws` adapter does). */
export type SocketExtra = { readonly socket: WebSocket; readonly request: IncomingMessage };

/**
 * Above this much unsent data, a send of graphql-ws's waits until the socket has written it,
 * and the operation it belongs to waits with it.
 */
const highWaterMark = 64 * 1024;
const keepAliveMs = 12_000;
const internalError = 4500;
/** RFC 6455's "try again later": the client may reconnect and resubscribe. */
const tryAgainLater = 1013;

/**
 * Holds a connection's writes until the end of the event loop turn, so that the messages a
 * turn produces for it (a busy server's backlog, one event to many subscriptions) leave in one
 * write instead of one each.
 */
export function createTurnCork() {
  const corked = new Set<Socket>();
  const flush = () => {
    for (const socket of corked) socket.uncork();
    corked.clear();
  };
  return (socket: Socket) => {
    if (corked.has(socket)) return;
    if (corked.size === 0) setImmediate(flush);
    socket.cork();
    corked.add(socket);
  };
}

export type TurnCork = ReturnType<typeof createTurnCork>;

/**
 * Writes a connection's frames: graphql-ws's own messages, and the `next` frames of shared
 * subscriptions, serialised once for all their subscribers (shared-frames.ts).
 */
export type FrameWriter = {
  /** Writes `frame` now; resolves once written when the socket holds over 64 KiB. */
  send(frame: string): Promise<void> | void;
  /**
   * Writes `frame` unless the client holds more than `maxHeldBytes` unread already (false):
   * a shared execution waits for no one, so a client that far behind is dropped instead.
   */
  offer(frame: string): boolean;
  /**
   * Calls `listener` with the reason once the budget cuts this connection off; the shared
   * subscriptions on it end with that error. Returns the unsubscribe.
   */
  onCutOff(listener: (reason: unknown) => void): () => void;
};

/**
 * A connection's writer and its accounts: what its socket holds is recorded by the gauge and
 * counted against the process-wide budget. Cut off by the budget, it writes no more results:
 * its subscriptions end with an error saying why, queued behind what the client has not read,
 * then the connection closes (a client that never reads again is dropped by the keep-alive).
 */
export function createFrameWriter(
  connection: SocketExtra,
  output: {
    readonly corkForTurn: TurnCork;
    /** What one client may hold unread before its shared subscriptions are dropped. */
    readonly maxHeldBytes: number;
    readonly gauge?: StreamGauge | undefined;
    readonly budget?: StreamBudget | undefined;
  },
): FrameWriter & { close(): void } {
  const { socket, request } = connection;
  // The TCP socket the upgrade came on, which `ws` writes to.
  const tcp = request.socket as Socket;
  const cutOffListeners = new Set<(reason: unknown) => void>();
  let cutOff = false;
  const held = output.budget?.open({
    held: () => (socket.readyState === socket.OPEN ? socket.bufferedAmount : 0),
    cutOff: () => {
      cutOff = true;
      const reason = overBudget();
      for (const listener of [...cutOffListeners]) listener(reason);
      cutOffListeners.clear();
      // graphql-ws writes the subscriptions' errors once their iterators have settled, a few
      // promise turns from now; the close frame goes behind them.
      setImmediate(() => socket.close(tryAgainLater, 'Over the budget for slow subscribers'));
    },
  });
  const account = () => {
    output.gauge?.record(socket.bufferedAmount);
    held?.report(socket.bufferedAmount);
  };
  return {
    send(frame) {
      if (socket.readyState !== socket.OPEN) return;
      output.corkForTurn(tcp);
      if (socket.bufferedAmount < highWaterMark) {
        socket.send(frame);
        return account();
      }
      return new Promise<void>((resolve) => {
        socket.send(frame, () => {
          held?.report(socket.bufferedAmount);
          resolve();
        });
        account();
      });
    },
    offer(frame) {
      if (cutOff) return false;
      if (socket.readyState !== socket.OPEN) return true;
      if (socket.bufferedAmount > output.maxHeldBytes) return false;
      output.corkForTurn(tcp);
      socket.send(frame);
      account();
      return true;
    },
    onCutOff(listener) {
      cutOffListeners.add(listener);
      return () => cutOffListeners.delete(listener);
    },
    close: () => held?.close(),
  };
}

/**
 * Hands a `ws` connection to graphql-ws's protocol server. Unlike graphql-ws's own adapter, a
 * send does not wait for the socket to write each message: messages queue in the socket's
 * buffer (and go out together, which is what a busy server needs), and only a client that
 * has over `highWaterMark` bytes waiting holds its own operations back (backpressure).
 */
export function serveGraphQLSocket(
  server: GraphQLWsServer<SocketExtra>,
  connection: SocketExtra,
  writer: FrameWriter & { close(): void },
): void {
  const { socket } = connection;
  const closed = server.opened(
    {
      protocol: socket.protocol,
      send: (data) => writer.send(data),
      close: (code, reason) => socket.close(code, reason),
      onMessage: (handle) =>
        socket.on('message', (message) => {
          handle(String(message)).catch(() => socket.close(internalError, 'Internal server error'));
        }),
    },
    connection,
  );
  // A peer that stops answering pings is dropped, so its subscriptions end.
  let alive = true;
  const keepAlive = setInterval(() => {
    if (!alive) return void socket.terminate();
    alive = false;
    socket.ping();
  }, keepAliveMs);
  socket.on('pong', () => {
    alive = true;
  });
  socket.once('error', () => socket.close(internalError, 'Internal server error'));
  socket.once('close', (code, reason) => {
    writer.close();
    clearInterval(keepAlive);
    void closed(code, String(reason));
  });
}
