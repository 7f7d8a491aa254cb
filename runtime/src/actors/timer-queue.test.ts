import { fc, test } from '@fast-check/vitest';
import { createUndoLog } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createTimerQueue } from './timer-queue.ts';

describe('the timer queue', () => {
  it('hands out due timers earliest first, ties in scheduling order, skipping cancelled ones', () => {
    const queue = createTimerQueue<string>(createUndoLog());
    queue.schedule('b', 't', { type: 'later' }, 20);
    queue.schedule('a', 't', { type: 'first' }, 10);
    const cancelled = queue.schedule('c', 't', { type: 'cancelled' }, 5);
    queue.schedule('d', 't', { type: 'second' }, 10);
    cancelled.cancelled = true;
    expect(queue.nextDueMicros()).toBe(10);
    expect(queue.takeDue(9)).toBeNull();
    const taken = [queue.takeDue(15), queue.takeDue(15), queue.takeDue(15)];
    expect(taken.map((timer) => timer?.owner ?? null)).toEqual(['a', 'd', null]);
    expect(queue.takeDue(20)?.event.type).toBe('later');
    expect(queue.nextDueMicros()).toBeNull();
  });

  test.prop([fc.array(fc.nat({ max: 1000 }), { maxLength: 200 })])(
    'takes every timer once, in due order',
    (dues) => {
      const queue = createTimerQueue<number>(createUndoLog());
      for (const [index, due] of dues.entries()) queue.schedule(index, 'x', { type: 'x' }, due);
      const order: number[] = [];
      for (let timer = queue.takeDue(1000); timer !== null; timer = queue.takeDue(1000)) {
        order.push(timer.dueMicros);
      }
      expect(order).toEqual([...dues].sort((a, b) => a - b));
    },
  );
});

describe('the timer queue after many cancellations', () => {
  it('rebuilds its heap without them once they are most of it', () => {
    const queue = createTimerQueue<number>(createUndoLog());
    const timers = Array.from({ length: 3000 }, (_, index) =>
      queue.schedule(index, 'x', { type: 'x' }, (index * 7919) % 3000),
    );
    for (const timer of timers.slice(0, 2000)) queue.cancel(timer);
    expect(queue.size).toBeLessThan(2000);
    const owners: number[] = [];
    for (let timer = queue.takeDue(3000); timer !== null; timer = queue.takeDue(3000)) {
      owners.push(timer.owner);
    }
    const expected = timers.slice(2000).sort((a, b) => a.dueMicros - b.dueMicros);
    expect(owners).toEqual(expected.map((timer) => timer.owner));
  });

  test.prop([fc.array(fc.tuple(fc.nat({ max: 5000 }), fc.boolean()), { maxLength: 4000 })])(
    'drops the cancelled timers and still hands out the rest in order',
    (timers) => {
      const queue = createTimerQueue<number>(createUndoLog());
      const scheduled = timers.map(([due, cancel], index) => ({
        timer: queue.schedule(index, 'x', { type: 'x' }, due),
        cancel,
      }));
      for (const { timer, cancel } of scheduled) if (cancel) queue.cancel(timer);
      const cancelled = scheduled.filter(({ cancel }) => cancel).length;
      // Rebuilt once the cancelled ones are over 1,024 and most of the heap.
      if (cancelled > 1024 && cancelled * 2 > timers.length) {
        expect(queue.size).toBeLessThan(timers.length - 1024);
      }
      const expected = scheduled
        .filter(({ cancel }) => !cancel)
        .map(({ timer }) => [timer.dueMicros, timer.sequence])
        .sort(([a = 0, x = 0], [b = 0, y = 0]) => a - b || x - y);
      const taken: number[][] = [];
      for (let timer = queue.takeDue(5000); timer !== null; timer = queue.takeDue(5000)) {
        taken.push([timer.dueMicros, timer.sequence]);
      }
      expect(taken).toEqual(expected);
    },
  );
});

/** One change to a queue: schedule a timer, cancel the n-th scheduled, or take what is due. */
type TimerOp =
  | { readonly kind: 'schedule'; readonly due: number }
  | { readonly kind: 'cancel'; readonly which: number }
  | { readonly kind: 'take'; readonly until: number };

const timerOp = fc.oneof(
  fc.record({ kind: fc.constant('schedule' as const), due: fc.nat({ max: 1000 }) }),
  fc.record({ kind: fc.constant('cancel' as const), which: fc.nat({ max: 3000 }) }),
  fc.record({ kind: fc.constant('take' as const), until: fc.nat({ max: 1000 }) }),
);

function applyOps(
  queue: ReturnType<typeof createTimerQueue<number>>,
  timers: ReturnType<ReturnType<typeof createTimerQueue<number>>['schedule']>[],
  ops: readonly TimerOp[],
) {
  for (const op of ops) {
    if (op.kind === 'schedule')
      timers.push(queue.schedule(timers.length, 'x', { type: 'x' }, op.due));
    else if (op.kind === 'cancel') {
      const timer = timers[op.which % Math.max(1, timers.length)];
      if (timer) queue.cancel(timer);
    } else queue.takeDue(op.until);
  }
}

const drain = (queue: ReturnType<typeof createTimerQueue<number>>) => {
  const order: [number, number][] = [];
  for (let timer = queue.takeDue(2000); timer !== null; timer = queue.takeDue(2000)) {
    order.push([timer.owner, timer.dueMicros]);
  }
  return order;
};

describe('the timer queue rolled back to a mark', () => {
  test.prop([fc.array(timerOp, { maxLength: 150 }), fc.array(timerOp, { maxLength: 3000 })])(
    'hands out what a fresh queue given only the changes before the mark hands out',
    (before, after) => {
      const undo = createUndoLog();
      const queue = createTimerQueue<number>(undo);
      const timers: ReturnType<typeof queue.schedule>[] = [];
      applyOps(queue, timers, before);
      const mark = undo.mark();
      applyOps(queue, timers, after);
      undo.rollback(mark);

      const fresh = createTimerQueue<number>(createUndoLog());
      applyOps(fresh, [], before);
      expect(queue.nextDueMicros()).toBe(fresh.nextDueMicros());
      expect(drain(queue)).toEqual(drain(fresh));
    },
  );
});

describe('the timer queue rolled back over a rebuild', () => {
  it('has the heap from before the rebuild, with its cancelled and taken timers back', () => {
    const undo = createUndoLog();
    const queue = createTimerQueue<number>(undo);
    const fresh = createTimerQueue<number>(createUndoLog());
    const timers = Array.from({ length: 3000 }, (_, index) => {
      fresh.schedule(index, 'x', { type: 'x' }, (index * 7919) % 3000);
      return queue.schedule(index, 'x', { type: 'x' }, (index * 7919) % 3000);
    });
    const mark = undo.mark();
    for (const timer of timers.slice(0, 2500)) queue.cancel(timer);
    // Cancelled timers are mostly gone: the heap was rebuilt without them.
    expect(queue.size).toBeLessThan(2000);
    queue.takeDue(2900);
    queue.schedule(-1, 'x', { type: 'x' }, 0);
    undo.rollback(mark);
    expect(queue.size).toBe(3000);
    expect(drain(queue)).toEqual(drain(fresh));
  });
});
