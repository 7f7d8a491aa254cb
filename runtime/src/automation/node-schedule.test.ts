import { createSimulatedClock } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createControllableClock } from '../time/controllable-clock.ts';
import { createNodeSchedule, type ScheduledWork } from './node-schedule.ts';

const minute = 60_000_000n;

/** Work due at each of `times` (µs from the start), recording the job it ran in. */
function workAt(name: string, start: bigint, times: bigint[], log: string[]): ScheduledWork {
  const pending = [...times];
  return {
    name,
    nextDueMicros: () => (pending[0] === undefined ? null : start + pending[0]),
    async run(context) {
      log.push(`${name}@${pending.shift()}:${context.jobId ?? 'direct'}`);
    },
  };
}

describe('the node schedule', () => {
  const start = 1_767_225_600_000_000n;

  it('runs work directly until a dispatcher takes over, in time order, and back', async () => {
    const clock = createControllableClock(createSimulatedClock(start));
    const schedule = createNodeSchedule(clock);
    const log: string[] = [];
    schedule.addWork(workAt('a', start, [minute, 3n * minute], log));
    schedule.addWork(workAt('b', start, [2n * minute], log));
    await schedule.advanceTo(start + minute);
    const restore = schedule.setDispatcher(async (work, due) => {
      const ran = await schedule.runWork(work.name, { jobId: `${work.name}/${due - start}` });
      expect(ran).toBe('done');
    });
    await schedule.advanceTo(start + 2n * minute);
    restore();
    await schedule.advanceTo(start + 5n * minute);
    expect(log).toEqual([
      `a@${minute}:direct`,
      `b@${2n * minute}:b/${2n * minute}`,
      `a@${3n * minute}:direct`,
    ]);
    expect(clock.nowMicros()).toBe(start + 5n * minute);
  });

  it('takes tasks added later into account, and forgets removed ones', async () => {
    const clock = createControllableClock(createSimulatedClock(start));
    const schedule = createNodeSchedule(clock);
    const log: string[] = [];
    const remove = schedule.addWork(workAt('gone', start, [minute], log));
    schedule.addTask({
      name: 'task',
      nextDueMicros: () => (log.length === 0 ? start + minute : null),
      run: async () => void log.push('task'),
    });
    remove();
    await schedule.advanceTo(start + 2n * minute);
    expect(log).toEqual(['task']);
    expect(await schedule.runWork('gone', { jobId: null })).toBe('unknown');
  });
});
