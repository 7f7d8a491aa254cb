import { concat, defer, filter, from, NEVER, Subject, tap } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { followResumably } from './follow-resumably.ts';

/** Entries 1, 2, … followed after a position as the update log is: history at once, then live. */
function createLog(length: number) {
  const entries = Array.from({ length }, (_, index) => index + 1);
  const appended$ = new Subject<number>();
  let handedOut = 0;
  return {
    after: (position: number) =>
      defer(() => {
        const end = entries.length;
        const live$ = appended$.pipe(filter((entry) => entry > end && entry > position));
        return concat(from(entries.slice(position, end)), live$).pipe(
          tap(() => {
            handedOut += 1;
          }),
        );
      }),
    append(entry: number) {
      entries.push(entry);
      appended$.next(entry);
    },
    handedOut: () => handedOut,
  };
}

async function take(iterator: AsyncIterator<number>, count: number): Promise<number[]> {
  const taken: number[] = [];
  while (taken.length < count) {
    const next = await iterator.next();
    if (next.done) break;
    taken.push(next.value);
  }
  return taken;
}

const options = { shutdown$: NEVER, pauseAt: 16 };
const upTo = (last: number, first = 1) =>
  Array.from({ length: last - first + 1 }, (_, index) => first + index);

describe('following a log as fast as it is read', () => {
  it('reads no more than pauseAt entries of a long history before they are taken', async () => {
    const log = createLog(10_000);
    const iterator = followResumably(log.after, 0, (entry) => entry, options);
    expect(log.handedOut()).toBe(16);
    expect(await take(iterator, 20)).toEqual(upTo(20));
    expect(log.handedOut()).toBeLessThanOrEqual(20 + 16);
    expect(await take(iterator, 9_980)).toEqual(upTo(10_000, 21));
    expect(log.handedOut()).toBe(10_000);
  });

  it('misses nothing appended while it was not following, and goes on live', async () => {
    const log = createLog(40);
    const iterator = followResumably(log.after, 10, (entry) => entry, { ...options, pauseAt: 4 });
    expect(await take(iterator, 2)).toEqual([11, 12]);
    for (const entry of upTo(50, 41)) log.append(entry);
    expect(await take(iterator, 38)).toEqual(upTo(50, 13));
    const next = iterator.next();
    log.append(51);
    expect(await next).toEqual({ value: 51, done: false });
  });

  it('ends on shutdown and on return, following no more', async () => {
    const shutdown$ = new Subject<void>();
    const log = createLog(5);
    const iterator = followResumably(log.after, 5, (entry) => entry, { ...options, shutdown$ });
    const pending = iterator.next();
    shutdown$.next();
    expect(await pending).toEqual({ value: undefined, done: true });
    const other = followResumably(log.after, 0, (entry) => entry, options);
    await other.return?.();
    log.append(6);
    expect(await other.next()).toEqual({ value: undefined, done: true });
  });

  it('fails once with the source error', async () => {
    const iterator = followResumably(
      () => defer(() => Promise.reject(new Error('log gone'))),
      0,
      (entry: number) => entry,
      options,
    );
    await expect(iterator.next()).rejects.toThrow('log gone');
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });
});
