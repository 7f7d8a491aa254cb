import { DomainError } from '@pocketnet/ledger';
import { type Observable, type Subscription, takeUntil, tap } from 'rxjs';
import type { StreamBudget } from '../http/stream-budget.ts';

export type StreamOptions = {
  /**
   * Ends every stream when it emits: completes it (the server is shutting down), or, given a
   * reason (the node was reverted to a snapshot), fails it with that reason.
   */
  readonly shutdown$: Observable<unknown>;
  /** A subscriber further behind than this many items is dropped (it may resume). */
  readonly maxBuffered: number;
  /** A subscriber whose untaken items measure more than `maxBytes` is dropped too. */
  readonly backlog?: BacklogLimit;
};

export type BacklogLimit = {
  /** An item's size; the same item always measures the same. */
  readonly sizeOf: (item: unknown) => number;
  readonly maxBytes: number;
  /** What all streams of the process may hold together: the untaken items count against it. */
  readonly budget?: Pick<StreamBudget, 'open'>;
};

const resubscribe = 'resubscribe from the last offset received';

export const fellBehind = (limit: string) =>
  new DomainError('UNAVAILABLE', `The subscriber fell more than ${limit} behind; ${resubscribe}`);

export const overBudget = () =>
  new DomainError(
    'UNAVAILABLE',
    'The server held more than its budget for slow subscribers, the most of it for this ' +
      `one; ${resubscribe}`,
  );

/**
 * An Observable as the AsyncIterator a GraphQL subscription resolver returns. It subscribes at
 * once (so nothing published after the resolver ran is missed) and buffers what the consumer
 * has not taken yet, up to `maxBuffered`; `return()` unsubscribes.
 */
export function toAsyncIterable<T>(
  source$: Observable<T>,
  options: StreamOptions,
): AsyncIterableIterator<T> {
  const buffer: T[] = [];
  let head = 0;
  let bufferedBytes = 0;
  const { backlog } = options;
  let waiting: {
    resolve: (result: IteratorResult<T>) => void;
    reject: (e: unknown) => void;
  } | null = null;
  let ended: { error: unknown } | 'done' | null = null;
  let subscription: Subscription | undefined;
  const finish = (end: { error: unknown } | 'done') => {
    if (ended !== null) return;
    ended = end;
    subscription?.unsubscribe();
    if (head < buffer.length) return;
    held?.close();
    if (waiting === null) return;
    const { resolve, reject } = waiting;
    waiting = null;
    if (end === 'done') return resolve({ value: undefined, done: true });
    ended = 'done';
    reject(end.error);
  };
  // What it has not taken is dropped with it: it resumes from the last offset it received.
  const drop = (error: DomainError) => {
    buffer.length = 0;
    head = 0;
    bufferedBytes = 0;
    finish({ error });
  };
  const held = backlog?.budget?.open({
    held: () => bufferedBytes,
    cutOff: () => drop(overBudget()),
  });
  const shutdown$ = options.shutdown$.pipe(
    tap((reason) => {
      if (typeof reason === 'string')
        drop(new DomainError('UNAVAILABLE', `${reason}; resubscribe`));
    }),
  );
  subscription = source$.pipe(takeUntil(shutdown$)).subscribe({
    next(value) {
      if (waiting !== null) {
        const { resolve } = waiting;
        waiting = null;
        resolve({ value, done: false });
        return;
      }
      buffer.push(value);
      if (backlog) bufferedBytes += backlog.sizeOf(value);
      const overBytes = backlog !== undefined && bufferedBytes > backlog.maxBytes;
      if (buffer.length - head <= options.maxBuffered && !overBytes) {
        held?.report(bufferedBytes);
        return;
      }
      const limit = overBytes ? `${backlog.maxBytes} bytes` : `${options.maxBuffered} events`;
      drop(fellBehind(limit));
    },
    error: (error: unknown) => finish({ error }),
    complete: () => finish('done'),
  });
  if (ended !== null) subscription.unsubscribe();
  const iterator: AsyncIterableIterator<T> = {
    next() {
      if (head < buffer.length) {
        const value = buffer[head] as T;
        head += 1;
        if (backlog) bufferedBytes -= backlog.sizeOf(value);
        held?.report(bufferedBytes);
        if (head > 1024 && head * 2 > buffer.length) {
          buffer.splice(0, head);
          head = 0;
        }
        return Promise.resolve({ value, done: false });
      }
      if (ended === 'done') return Promise.resolve({ value: undefined, done: true });
      if (ended !== null) {
        // It fails once, then is done: a consumer that turns the failure into a result (as
        // yoga's server-sent events do) and asks again must not be failed again, and again.
        const { error } = ended;
        ended = 'done';
        held?.close();
        return Promise.reject(error);
      }
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
    return() {
      finish('done');
      held?.close();
      buffer.length = 0;
      head = 0;
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
