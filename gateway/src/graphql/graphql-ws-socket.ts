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
/** Shared `next` frames are handed to `ws` as their UTF-8 bytes, and go as text all the same. */
const asText = { binary: false } as const;

/** What a connection has to write at the end of the turn. */
type Flushable = { flush(room: FrameRoom): void };

/**
 * Where a connection lays out its turn's shared frames before `ws` sends them: one buffer the
 * connections of a turn take in turn. A socket that took all it was given has handed it to the
 * kernel (`ws`'s `bufferedAmount` is 0), so the next connection writes over the same bytes;
 * one that kept some (a slow client) keeps the buffer, and the next gets a new one. So a turn
 * to clients that keep up allocates nothing, and a slow client holds only its own frames.
 */
type FrameRoom = {
  /** Room for `size` bytes of frames, to be sent before the next `take`. */
  take(size: number): Buffer;
  /** What was taken is still queued in a socket: it is not handed out again. */
  kept(taken: Buffer): void;
};

/** The largest room handed out again; a turn of larger frames gets a buffer of its own. */
const reusedAtMost = 1024 * 1024;

function createFrameRoom(): FrameRoom {
  let room = Buffer.allocUnsafeSlow(0);
  return {
    take(size) {
      if (size > reusedAtMost) return Buffer.allocUnsafeSlow(size);
      if (room.length < size) {
        room = Buffer.allocUnsafeSlow(Math.min(reusedAtMost, Math.max(size, 2 * room.length)));
      }
      return room;
    },
    kept(taken) {
      if (taken === room) room = Buffer.allocUnsafeSlow(0);
    },
  };
}

/**
 * Writes each connection's messages of an event loop turn at its end, connection by connection:
 * all of one client's messages (a busy server's backlog, the results of many events) leave
 * corked in one write, and what `ws` makes to send them is garbage at once. Written as they
 * came (result by result, each to every client), they would all wait corked to the end of the
 * turn: 64 results to 1,000 clients left 500k such objects to outlive the young generation,
 * and the collector took a fifth of the process.
 */
export function createTurnWrites() {
  let due = new Set<Flushable>();
  const room = createFrameRoom();
  // A connection queued while the turn's writes run (the budget cutting one off as it is
  // written) goes in the next turn's: behind what its subscriptions end with meanwhile.
  const flush = () => {
    const now = due;
    due = new Set();
    for (const connection of now) connection.flush(room);
  };
  return (connection: Flushable) => {
    if (due.size === 0) setImmediate(flush);
    due.add(connection);
  };
}

export type TurnWrites = ReturnType<typeof createTurnWrites>;

/**
 * Writes a connection's frames: graphql-ws's own messages, and the `next` frames of shared
 * subscriptions, serialised once for all their subscribers (shared-frames.ts). Both queue in
 * order for the end of the turn.
 */
export type FrameWriter = {
  /**
   * Writes `frame` at the end of the turn; resolves once written when the client holds over
   * 64 KiB.
   */
  send(frame: string): Promise<void> | void;
  /**
   * Writes the message `head` + `body` (UTF-8 text) unless the client holds more than
   * `maxHeldBytes` unread already (false): a shared execution waits for no one, so a client
   * that far behind is dropped instead.
   */
  offer(head: Buffer, body: Buffer): boolean;
  /**
   * Calls `listener` with the reason once the budget cuts this connection off; the shared
   * subscriptions on it end with that error. Returns the unsubscribe.
   */
  onCutOff(listener: (reason: unknown) => void): () => void;
  /** Closes the connection (as `ws`'s `close`) once what it has queued is written. */
  end(code?: number, reason?: string): void;
};

/**
 * A connection's writer and its accounts: what it holds for its client (queued for the turn,
 * and in its socket) is recorded by the gauge and counted against the process-wide budget. Cut
 * off by the budget, it writes no more results: its subscriptions end with an error saying
 * why, queued behind what the client has not read, then the connection closes (a client that
 * never reads again is dropped by the keep-alive).
 */
export function createFrameWriter(
  connection: SocketExtra,
  output: {
    readonly writeAtTurnEnd: TurnWrites;
    /** What one client may hold unread before its shared subscriptions are dropped. */
    readonly maxHeldBytes: number;
    readonly gauge?: StreamGauge | undefined;
    readonly budget?: StreamBudget | undefined;
  },
): FrameWriter & { close(): void } {
  const { socket, request } = connection;
  // The TCP socket the upgrade came on, which `ws` writes to.
  const tcp = request.socket as Socket;
  // graphql-ws's messages whole (strings, with the callback that resolves a waiting send, if
  // any), and shared frames as a head followed by its body (Buffers).
  const queued: Array<string | Buffer | (() => void) | undefined> = [];
  let queuedBytes = 0;
  let ending: { readonly code: number | undefined; readonly reason: string | undefined } | null =
    null;
  const cutOffListeners = new Set<(reason: unknown) => void>();
  let cutOff = false;
  const open = () => socket.readyState === socket.OPEN;
  const held = () => (open() ? socket.bufferedAmount + queuedBytes : 0);
  const account = output.budget?.open({
    held,
    cutOff: () => {
      cutOff = true;
      const reason = overBudget();
      for (const listener of [...cutOffListeners]) listener(reason);
      cutOffListeners.clear();
      // graphql-ws queues the subscriptions' errors once their iterators have settled, a few
      // promise turns from now, before the turn's writes; the close goes behind them.
      writer.end(tryAgainLater, 'Over the budget for slow subscribers');
    },
  });
  /** What the turn's shared frames, each its head and its body, take laid end to end. */
  const sharedFrameBytes = () => {
    let size = 0;
    for (let index = 0; index < queued.length; index += 2) {
      const head = queued[index];
      if (typeof head !== 'string') {
        size += (head as Buffer).length + (queued[index + 1] as Buffer).length;
      }
    }
    return size;
  };
  const self: Flushable = {
    flush(room) {
      const writing = open();
      if (writing) {
        // One frame a message, head and body copied into the turn's room: sent as two
        // fragments instead, clients took about 1.7 times the CPU to read them.
        const size = sharedFrameBytes();
        const frames = room.take(size);
        let at = 0;
        tcp.cork();
        for (let index = 0; index < queued.length; index += 2) {
          const item = queued[index];
          const next = queued[index + 1];
          if (typeof item === 'string') {
            socket.send(item, next as (() => void) | undefined);
            continue;
          }
          const start = at;
          at += (item as Buffer).copy(frames, at);
          at += (next as Buffer).copy(frames, at);
          socket.send(frames.subarray(start, at), asText);
        }
        tcp.uncork();
        if (size > 0 && socket.bufferedAmount > 0) room.kept(frames);
      } else {
        // Closed meanwhile: a send waiting to be written is not held up for ever.
        for (let index = 1; index < queued.length; index += 2) {
          if (typeof queued[index - 1] === 'string')
            (queued[index] as (() => void) | undefined)?.();
        }
      }
      queued.length = 0;
      queuedBytes = 0;
      if (ending !== null) socket.close(ending.code, ending.reason);
      const bytes = held();
      output.gauge?.record(bytes);
      account?.report(bytes);
    },
  };
  const enqueue = (first: string | Buffer, second: Buffer | (() => void) | undefined) => {
    if (queued.length === 0) output.writeAtTurnEnd(self);
    queued.push(first, second);
  };
  const writer: FrameWriter & { close(): void } = {
    send(frame) {
      if (!open()) return;
      const waits = socket.bufferedAmount + queuedBytes >= highWaterMark;
      queuedBytes += frame.length;
      if (!waits) return enqueue(frame, undefined);
      return new Promise<void>((resolve) => enqueue(frame, () => resolve()));
    },
    offer(head, body) {
      if (cutOff) return false;
      if (!open()) return true;
      if (socket.bufferedAmount + queuedBytes > output.maxHeldBytes) return false;
      queuedBytes += head.length + body.length;
      enqueue(head, body);
      return true;
    },
    onCutOff(listener) {
      cutOffListeners.add(listener);
      return () => cutOffListeners.delete(listener);
    },
    end(code, reason) {
      if (ending !== null) return;
      ending = { code, reason };
      if (queued.length === 0) output.writeAtTurnEnd(self);
    },
    close: () => account?.close(),
  };
  return writer;
}

/**
 * Hands a `ws` connection to graphql-ws's protocol server. Unlike graphql-ws's own adapter, a
 * send does not wait for the socket to write each message: messages queue for the end of the
 * turn and then in the socket's buffer (and go out together, which is what a busy server
 * needs), and only a client that has over `highWaterMark` bytes waiting holds its own
 * operations back (backpressure). Its closes go behind what it has queued.
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
      close: (code, reason) => writer.end(code, reason),
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
