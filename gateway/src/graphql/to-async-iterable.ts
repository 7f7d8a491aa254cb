import { DomainError } from '@pocketnet/runtime';
import { type Observable, type Subscription, takeUntil } from 'rxjs';

export type StreamOptions = {
  /** Completes every stream when it emits: the server is shutting down. */
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
};

const fellBehind = (limit: string) =>
  new DomainError(
    'UNAVAILABLE',
    `The subscriber fell more than ${limit} behind; resubscribe from the last offset received`,
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
    if (waiting === null || head < buffer.length) return;
    const { resolve, reject } = waiting;
    waiting = null;
    if (end === 'done') resolve({ value: undefined, done: true });
    else reject(end.error);
  };
  subscription = source$.pipe(takeUntil(options.shutdown$)).subscribe({
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
      if (buffer.length - head <= options.maxBuffered && !overBytes) return;
      // What it has not taken is dropped with it: it resumes from the last offset it received.
      buffer.length = 0;
      head = 0;
      bufferedBytes = 0;
      const limit = overBytes ? `${backlog.maxBytes} bytes` : `${options.maxBuffered} events`;
      finish({ error: fellBehind(limit) });
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
        if (head > 1024 && head * 2 > buffer.length) {
          buffer.splice(0, head);
          head = 0;
        }
        return Promise.resolve({ value, done: false });
      }
      if (ended === 'done') return Promise.resolve({ value: undefined, done: true });
      if (ended !== null) return Promise.reject(ended.error);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
    return() {
      finish('done');
      buffer.length = 0;
      head = 0;
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
