import type { Duplex } from 'node:stream';
import { DomainError } from '@pocketnet/ledger';
import { type Subscription, takeWhile, tap } from 'rxjs';
import type { WebSocket } from 'ws';
import type { StreamBudget } from '../http/stream-budget.ts';
import type { StreamGauge } from '../http/stream-gauge.ts';
import type { StreamLimitsInForce } from '../http/stream-limits.ts';
import type { ResumableStream } from './stream-endpoints.ts';

export type PacingDeps = {
  readonly limits: StreamLimitsInForce;
  readonly gauge: StreamGauge;
  /** What all streams of the process may hold together. */
  readonly budget: StreamBudget;
  readonly renderError: (error: unknown) => unknown;
};

/** A WebSocket connection and the TCP socket under it (whose `drain` says it has caught up). */
export type StreamConnection = { readonly ws: WebSocket; readonly tcp: Duplex };

/** WebSocket close code 1013, "try again later": the client was cut off and may reconnect. */
export const tryAgainLater = 1013;

/** Sends the failure as a JsCantonError message, then closes normally (as Canton does). */
export function failStream(ws: WebSocket, error: unknown, deps: PacingDeps): void {
  ws.send(JSON.stringify(deps.renderError(error)));
  deps.gauge.record(ws.bufferedAmount);
  ws.close(1000);
}

const reconnect = (position: number | null) =>
  `reconnect from the last offset received${position === null ? '' : ` (${position})`}`;

const tooSlow = (limits: StreamLimitsInForce, position: number | null) =>
  new DomainError(
    'UNAVAILABLE',
    `The client read nothing for ${limits.stallTimeoutMs} ms while more than ` +
      `${limits.highWaterMark} bytes of the stream waited for it; ${reconnect(position)}`,
  );

const overBudget = (limits: StreamLimitsInForce, position: number | null) =>
  new DomainError(
    'UNAVAILABLE',
    `The server held more than ${limits.totalHighWaterMark} bytes for its slow clients, the ` +
      `most of them for this one; ${reconnect(position)}`,
  );

/**
 * Feeds a WebSocket client from `stream` while holding at most `highWaterMark` bytes (plus the
 * message that crossed it) for it. Once the client is over the mark its subscription ends, so
 * the shared update bus never waits for it nor queues for it; once its socket has written
 * everything out, the stream is read again after the last element sent, so the client gets
 * every element exactly once, in order. A client over the mark for `stallTimeoutMs` gets an
 * UNAVAILABLE error and close code 1013, and reconnects from the last offset it received; so
 * does the client holding the most when all clients together hold more than the budget.
 */
export function paceStream(
  connection: StreamConnection,
  stream: ResumableStream,
  deps: PacingDeps,
): void {
  const { ws, tcp } = connection;
  const { highWaterMark, stallTimeoutMs } = deps.limits;
  let position: number | null = null;
  let subscription: Subscription | undefined;
  let stall: NodeJS.Timeout | undefined;
  const isOver = () => ws.bufferedAmount > highWaterMark;
  // Cut off (by the budget, possibly from inside this stream's own send), it is fed no more.
  const isOpen = () => ws.readyState === ws.OPEN;
  const send = (element: unknown) => ws.send(JSON.stringify(element));
  const cutOff = (error: DomainError) => {
    tcp.off('drain', feed);
    clearTimeout(stall);
    subscription?.unsubscribe();
    send(deps.renderError(error));
    deps.gauge.record(ws.bufferedAmount);
    ws.close(tryAgainLater, 'client too slow: reconnect from the last offset received');
  };
  const held = deps.budget.open({
    held: () => (isOpen() ? ws.bufferedAmount : 0),
    cutOff: () => cutOff(overBudget(deps.limits, position)),
  });
  const account = () => {
    deps.gauge.record(ws.bufferedAmount);
    held.report(ws.bufferedAmount);
  };
  function feed() {
    if (!isOpen()) return;
    held.report(ws.bufferedAmount);
    if (isOver()) return pause();
    clearTimeout(stall);
    stall = undefined;
    try {
      subscription = stream(position)
        .pipe(
          tap((next) => {
            send(next.element);
            position = next.position;
            account();
          }),
          // Stops (unsubscribing, even mid-way through history) right after the crossing send.
          takeWhile(() => isOpen() && !isOver(), true),
        )
        .subscribe({
          error: (error: unknown) => failStream(ws, error, deps),
          // Over the mark: wait for the client. Otherwise the stream has ended.
          complete: () => {
            if (!isOpen()) return;
            if (isOver()) pause();
            else ws.close(1000);
          },
        });
    } catch (error) {
      failStream(ws, error, deps);
    }
  }
  const stalled = () => {
    deps.gauge.countCutOff();
    held.close();
    cutOff(tooSlow(deps.limits, position));
  };
  function pause() {
    stall ??= setTimeout(stalled, stallTimeoutMs);
    // Over the mark is over the socket's own high-water mark, so it will say when it drains.
    if (tcp.writableNeedDrain) tcp.once('drain', feed);
    else setTimeout(feed, 10);
  }
  ws.once('close', () => {
    held.close();
    subscription?.unsubscribe();
    clearTimeout(stall);
    tcp.off('drain', feed);
  });
  feed();
}
