import { isDomainError } from '@pocketnet/ledger';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createStreamBudget } from '../http/stream-budget.ts';
import { createSharedBacklog } from './shared-backlog.ts';
import { toAsyncIterable } from './to-async-iterable.ts';

// Subscribers of one shared execution: one Subject hands the same items to all of them.
function sharedSubscribers(count: number, budgetBytes: number) {
  const budget = createStreamBudget(budgetBytes);
  const source = new Subject<string>();
  const backlog = {
    sizeOf: (item: unknown) => String(item).length,
    maxBytes: 1000,
    budget: createSharedBacklog(budget),
  };
  const shutdown$ = new Subject<void>();
  const subscribers = Array.from({ length: count }, () =>
    toAsyncIterable(source, { shutdown$, maxBuffered: 100, backlog }),
  );
  return { budget, source, subscribers };
}

const takeAll = async (iterator: AsyncIterator<string>, count: number) => {
  for (let taken = 0; taken < count; taken++) await iterator.next();
};

describe('the budget account of subscribers sharing results', () => {
  it('counts what the one furthest behind holds, not each result once per subscriber', async () => {
    const { budget, source, subscribers } = sharedSubscribers(3, 1000);
    for (let index = 0; index < 10; index++) source.next('0123456789');
    expect(budget.stats().heldBytes).toBe(100);
    const [first, second, third] = subscribers;
    if (!first || !second || !third) throw new Error('three subscribers');
    await takeAll(first, 10);
    await takeAll(second, 4);
    expect(budget.stats().heldBytes).toBe(100);
    await takeAll(third, 7);
    // Now the second is furthest behind: six results.
    expect(budget.stats().heldBytes).toBe(60);
    for (const subscriber of subscribers) await subscriber.return?.();
    expect(budget.stats().heldBytes).toBe(0);
  });

  it('over the budget, drops the ones furthest behind and keeps counting the others', async () => {
    const { budget, source, subscribers } = sharedSubscribers(3, 150);
    const [fast, alsoFast, slow] = subscribers;
    if (!fast || !alsoFast || !slow) throw new Error('three subscribers');
    for (let index = 0; index < 10; index++) {
      source.next('0123456789');
      await fast.next();
      if (index % 2 === 0) await alsoFast.next();
    }
    // The slow one holds 100 bytes, the half-fast one 50: under the budget of 150.
    expect(budget.stats()).toMatchObject({ heldBytes: 100, budgetCutOffs: 0 });
    for (let index = 0; index < 6; index++) source.next('0123456789');
    // 160 behind for the slow one: it goes, the others stay and are counted.
    const failure = await slow.next().catch((error: unknown) => error);
    expect(isDomainError(failure) && failure.message).toMatch(/budget for slow subscribers/);
    expect(budget.stats()).toMatchObject({ heldBytes: 110, budgetCutOffs: 1 });
    await takeAll(fast, 6);
    await takeAll(alsoFast, 11);
    expect(budget.stats().heldBytes).toBe(0);
    source.next('0123456789');
    expect(await fast.next()).toEqual({ value: '0123456789', done: false });
    expect(budget.stats().heldBytes).toBe(10);
  });

  it('drops every subscriber tied furthest behind: dropping one alone would free nothing', async () => {
    const { budget, source, subscribers } = sharedSubscribers(3, 50);
    for (let index = 0; index < 6; index++) source.next('0123456789');
    for (const subscriber of subscribers) {
      const failure = await subscriber.next().catch((error: unknown) => error);
      expect(isDomainError(failure) && failure.code).toBe('UNAVAILABLE');
    }
    expect(budget.stats().heldBytes).toBe(0);
    expect(source.observed).toBe(false);
  });
});
