import { merge, type Observable, Subject, takeUntil } from 'rxjs';

export type FollowOptions = {
  /** Completes the stream when it emits: the server is shutting down. */
  readonly shutdown$: Observable<unknown>;
  /** Items waiting untaken at which the source is left until they have all been taken. */
  readonly pauseAt: number;
};

/**
 * A stream that can be followed again from a position (the update log from an offset) as the
 * AsyncIterator a subscription resolver returns, read only as fast as it is taken: once
 * `pauseAt` items wait, the source is left, and once they have been taken it is followed
 * again after the last one handed on. A replay of the whole ledger thus holds `pauseAt` items
 * at a time, not the ledger (the history is emitted at once), and a slow consumer of live
 * updates misses none of them: they are read back from the log.
 */
export function followResumably<T>(
  source: (after: number) => Observable<T>,
  start: number,
  positionOf: (item: T) => number,
  options: FollowOptions,
): AsyncIterableIterator<T> {
  let buffer: T[] = [];
  let head = 0;
  let position = start;
  let following = false;
  let ended: { error: unknown } | 'done' | null = null;
  let waiting: {
    resolve: (result: IteratorResult<T>) => void;
    reject: (e: unknown) => void;
  } | null = null;
  const leave$ = new Subject<void>();
  const leave = () => {
    following = false;
    leave$.next();
  };
  const finish = (end: { error: unknown } | 'done') => {
    if (ended !== null) return;
    ended = end;
    leave();
    if (waiting === null || head < buffer.length) return;
    const { resolve, reject } = waiting;
    waiting = null;
    if (end === 'done') return resolve({ value: undefined, done: true });
    ended = 'done';
    reject(end.error);
  };
  const deliver = (value: T) => {
    position = positionOf(value);
    if (waiting !== null) {
      const { resolve } = waiting;
      waiting = null;
      return resolve({ value, done: false });
    }
    buffer.push(value);
    if (buffer.length - head >= options.pauseAt) leave();
  };
  const follow = () => {
    following = true;
    // `takeUntil` ends a synchronous replay between two items: leaving stops it at once.
    source(position)
      .pipe(takeUntil(merge(leave$, options.shutdown$)))
      .subscribe({
        next: deliver,
        error: (error: unknown) => finish({ error }),
        complete: () => {
          if (following) finish('done');
        },
      });
  };
  const take = (): T => {
    const value = buffer[head] as T;
    head += 1;
    if (head === buffer.length) {
      buffer = [];
      head = 0;
    }
    return value;
  };
  const iterator: AsyncIterableIterator<T> = {
    next() {
      if (head === buffer.length && !following && ended === null) follow();
      if (head < buffer.length) return Promise.resolve({ value: take(), done: false });
      if (ended === 'done') return Promise.resolve({ value: undefined, done: true });
      if (ended !== null) {
        const { error } = ended;
        ended = 'done';
        return Promise.reject(error);
      }
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
    return() {
      finish('done');
      buffer = [];
      head = 0;
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  follow();
  return iterator;
}

/** Each item of `items` as the rows it stands for, read one item at a time. */
export async function* rowsOfEach<TItem, TRow>(
  items: AsyncIterableIterator<TItem>,
  rowsOf: (item: TItem) => Iterable<TRow>,
): AsyncGenerator<TRow> {
  try {
    for await (const item of items) yield* rowsOf(item);
  } finally {
    await items.return?.();
  }
}
