import { createSimulatedClock } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createControllableClock } from './controllable-clock.ts';
import { createScheduler, type DueTask } from './scheduler.ts';

/** A task due every `every` µs from `first`, recording the clock time at which it ran. */
function periodic(
  name: string,
  first: bigint,
  every: bigint,
  log: string[],
  clock: { nowMicros(): bigint },
): DueTask {
  let next = first;
  return {
    name,
    nextDueMicros: () => next,
    async run() {
      log.push(`${name}@${clock.nowMicros()}`);
      next += every;
    },
  };
}

describe('advancing time with the scheduler', () => {
  it('runs every task that falls due on the way, at its own time and in time order', async () => {
    const clock = createControllableClock(createSimulatedClock(0n));
    const log: string[] = [];
    const scheduler = createScheduler(clock, [
      periodic('round', 10n, 10n, log, clock),
      periodic('expiry', 15n, 100n, log, clock),
    ]);
    await scheduler.advanceTo(35n);
    expect(log).toEqual(['round@10', 'expiry@15', 'round@20', 'round@30']);
    expect(clock.nowMicros()).toBe(35n);
  });

  it('never moves time backwards', () => {
    const clock = createControllableClock(createSimulatedClock(100n));
    expect(() => clock.setTo(50n)).toThrow(RangeError);
    expect(() => clock.advance(-1n)).toThrow(RangeError);
    clock.advance(5n);
    expect(clock.nowMicros()).toBe(105n);
  });

  it('stops when a task makes no progress instead of spinning forever', async () => {
    const clock = createControllableClock(createSimulatedClock(0n));
    const stuck: DueTask = { name: 'stuck', nextDueMicros: () => 0n, run: async () => {} };
    await expect(createScheduler(clock, [stuck]).runDue()).rejects.toThrow(/no progress/);
  });
});
