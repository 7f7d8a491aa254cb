import { isDomainError } from '@pocketnet/ledger';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createStreamBudget } from '../http/stream-budget.ts';
import { toAsyncIterable } from './to-async-iterable.ts';

const options = (shutdown$ = new Subject<void>()) => ({ shutdown$, maxBuffered: 3 });

describe('toAsyncIterable', () => {
  it('hands out what was published before and after the consumer asked, in order', async () => {
    const source = new Subject<number>();
    const iterator = toAsyncIterable(source, options());
    source.next(1);
    source.next(2);
    expect(await iterator.next()).toEqual({ value: 1, done: false });
    expect(await iterator.next()).toEqual({ value: 2, done: false });
    const third = iterator.next();
    source.next(3);
    expect(await third).toEqual({ value: 3, done: false });
  });

  it('ends when the source completes and when the server shuts down', async () => {
    const source = new Subject<number>();
    const shutdown$ = new Subject<void>();
    const iterator = toAsyncIterable(source, options(shutdown$));
    const waiting = iterator.next();
    shutdown$.next();
    expect(await waiting).toEqual({ value: undefined, done: true });
    expect(source.observed).toBe(false);
  });

  it('drops a consumer that falls further behind than allowed', async () => {
    const source = new Subject<number>();
    const iterator = toAsyncIterable(source, options());
    for (const value of [1, 2, 3, 4]) source.next(value);
    const failure = await iterator.next().catch((error: unknown) => error);
    expect(isDomainError(failure) && failure.code).toBe('UNAVAILABLE');
    expect(source.observed).toBe(false);
  });

  it('drops a consumer whose untaken items measure more than allowed, counting what it took', async () => {
    const source = new Subject<string>();
    const backlog = { sizeOf: (item: unknown) => String(item).length, maxBytes: 10 };
    const iterator = toAsyncIterable(source, { ...options(), maxBuffered: 100, backlog });
    source.next('12345');
    source.next('12345');
    expect(await iterator.next()).toEqual({ value: '12345', done: false });
    // Taking one freed its bytes: ten are untaken now, which is allowed.
    source.next('12345');
    expect(source.observed).toBe(true);
    source.next('1');
    const failure = await iterator.next().catch((error: unknown) => error);
    expect(isDomainError(failure) && failure.message).toMatch(/more than 10 bytes behind/);
    expect(source.observed).toBe(false);
  });

  it('passes an error of the source on, after what was buffered', async () => {
    const source = new Subject<number>();
    const iterator = toAsyncIterable(source, options());
    source.next(1);
    source.error(new Error('broken'));
    expect(await iterator.next()).toEqual({ value: 1, done: false });
    await expect(iterator.next()).rejects.toThrow('broken');
  });

  it('unsubscribes when the consumer returns', async () => {
    const source = new Subject<number>();
    const iterator = toAsyncIterable(source, options());
    expect(source.observed).toBe(true);
    await iterator.return?.();
    expect(source.observed).toBe(false);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('fails once, then is done, for a consumer that asks again after the failure', async () => {
    const source = new Subject<number>();
    const iterator = toAsyncIterable(source, options());
    for (const value of [1, 2, 3, 4]) source.next(value);
    await expect(iterator.next()).rejects.toThrow(/behind/);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('counts what it has not taken against the budget, which drops the one holding the most', async () => {
    const budget = createStreamBudget(25);
    const sizeOf = (item: unknown) => String(item).length;
    const backlog = { sizeOf, maxBytes: 20, budget };
    const [small, large] = [new Subject<string>(), new Subject<string>()];
    const smallIterator = toAsyncIterable(small, { ...options(), maxBuffered: 100, backlog });
    const largeIterator = toAsyncIterable(large, { ...options(), maxBuffered: 100, backlog });
    small.next('12345');
    large.next('1234567890');
    large.next('1234567890');
    expect(budget.stats()).toMatchObject({ heldBytes: 25, budgetCutOffs: 0 });
    // Each under its own 20 bytes, together over the budget's 25.
    small.next('1');
    expect(budget.stats()).toMatchObject({ heldBytes: 6, budgetCutOffs: 1 });
    const failure = await largeIterator.next().catch((error: unknown) => error);
    expect(isDomainError(failure) && failure.message).toMatch(/budget for slow subscribers/);
    expect(large.observed).toBe(false);
    expect(await smallIterator.next()).toEqual({ value: '12345', done: false });
    expect(budget.stats().heldBytes).toBe(1);
    await smallIterator.return?.();
    expect(budget.stats().heldBytes).toBe(0);
  });
});
