import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Server as GraphQLWsServer } from 'graphql-ws';
import type { WebSocket } from 'ws';
import type { StreamBudget } from '../http/stream-budget.ts';
import type { StreamGauge } from '../http/stream-gauge.ts';
import type { FrameCache } from './graphql-ws-frames.ts';

/** What graphql-ws's context carries of a connection (as its own `ws` adapter does). */
export type SocketExtra = { readonly socket: WebSocket; readonly request: IncomingMessage };

/**
 * Above this much unsent data, a send waits until the socket has written it. The subscription
 * then waits, and what it has not taken piles up in its bounded buffer (to-async-iterable.ts),
 * never here; a client that stops reading stops answering pings and is dropped.
 */
const highWaterMark = 64 * 1024;
const keepAliveMs = 12_000;
const internalError = 4500;

/**
 * Holds a connection's writes until the end of the event loop turn, so that the messages a
 * turn produces for it (a busy server's backlog) leave in one write instead of one each.
 */
export function createTurnCork() {
  const corked = new Set<Socket>();
  const flush = () => {
    for (const socket of corked) socket.uncork();
    corked.clear();
  };
  return (socket: Socket | undefined) => {
    if (socket === undefined || corked.has(socket)) return;
    if (corked.size === 0) setImmediate(flush);
    socket.cork();
    corked.add(socket);
  };
}

export type TurnCork = ReturnType<typeof createTurnCork>;

/** The TCP socket under a `ws` connection (`ws` keeps it in a field of its own). */
const tcpOf = (socket: WebSocket) => (socket as unknown as { _socket?: Socket })._socket;

/**
 * Hands a `ws` connection to graphql-ws's protocol server. Unlike graphql-ws's own adapter, a
 * send does not wait for the socket to write each message: messages queue in the socket's
 * buffer (and go out together, which is what a busy server needs), and only a client that
 * has over `highWaterMark` bytes waiting holds its subscriptions back (backpressure).
 */
export function serveGraphQLSocket(
  server: GraphQLWsServer<SocketExtra>,
  connection: { readonly socket: WebSocket; readonly request: IncomingMessage },
  output: {
    readonly corkForTurn: TurnCork;
    readonly frames: FrameCache;
    readonly gauge?: StreamGauge | undefined;
    /** What all streams of the process may hold together: this socket's unsent bytes count. */
    readonly budget?: StreamBudget | undefined;
  },
): void {
  const { corkForTurn, frames, gauge } = output;
  const { socket, request } = connection;
  // Cut off by the budget, it is dropped as a peer that stops answering pings is: a close frame
  // would wait behind what it holds, and free nothing.
  const held = output.budget?.open({
    held: () => (socket.readyState === socket.OPEN ? socket.bufferedAmount : 0),
    cutOff: () => socket.terminate(),
  });
  const account = () => {
    gauge?.record(socket.bufferedAmount);
    held?.report(socket.bufferedAmount);
  };
  const closed = server.opened(
    {
      protocol: socket.protocol,
      send(data) {
        const frame = frames.frameOf(data);
        if (socket.readyState !== socket.OPEN) return;
        corkForTurn(tcpOf(socket));
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
      close: (code, reason) => socket.close(code, reason),
      onMessage: (handle) =>
        socket.on('message', (message) => {
          handle(String(message)).catch(() => socket.close(internalError, 'Internal server error'));
        }),
    },
    { socket, request },
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
    held?.close();
    clearInterval(keepAlive);
    void closed(code, String(reason));
  });
}
