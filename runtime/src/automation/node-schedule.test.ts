import { createSimulatedClock } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createControllableClock } from '../time/controllable-clock.ts';
import { type BackgroundTask, createNodeSchedule } from './node-schedule.ts';

const minute = 60_000_000n;

/** A task due at each of `times` (µs from the start), recording the job it ran in. */
function taskAt(
  name: string,
  runsAs: BackgroundTask['runsAs'],
  start: bigint,
  times: bigint[],
  log: string[],
): BackgroundTask {
  const pending = [...times];
  return {
    name,
    runsAs,
    nextDueMicros: () => (pending[0] === undefined ? null : start + pending[0]),
    async run(context) {
      log.push(`${name}@${pending.shift()}:${context.jobId ?? 'direct'}`);
    },
  };
}

describe('the node schedule', () => {
  const start = 1_767_225_600_000_000n;
  const scheduleAt = () => {
    const clock = createControllableClock(createSimulatedClock(start));
    return { clock, schedule: createNodeSchedule(clock) };
  };

  it('runs job tasks directly until a dispatcher takes over, in time order, and back', async () => {
    const { clock, schedule } = scheduleAt();
    const log: string[] = [];
    schedule.declare(taskAt('a', 'job', start, [minute, 3n * minute], log));
    schedule.declare(taskAt('b', 'job', start, [2n * minute], log));
    await schedule.advanceTo(start + minute);
    const restore = schedule.setDispatcher(async (task, due) => {
      const ran = await schedule.runJob(task.name, { jobId: `${task.name}/${due - start}` });
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

  it('runs tasks declared to run here in the node, never as jobs', async () => {
    const { schedule } = scheduleAt();
    const log: string[] = [];
    const dispatched: string[] = [];
    schedule.declare(taskAt('timers', 'here', start, [minute], log));
    schedule.declare(taskAt('rounds', 'job', start, [2n * minute], log));
    schedule.setDispatcher(async (task) => {
      dispatched.push(task.name);
      await schedule.runJob(task.name, { jobId: 'job-1' });
    });
    await schedule.advanceTo(start + 2n * minute);
    expect(log).toEqual([`timers@${minute}:direct`, `rounds@${2n * minute}:job-1`]);
    expect(dispatched).toEqual(['rounds']);
    expect(await schedule.runJob('timers', { jobId: 'job-2' })).toBe('unknown');
  });

  it('holds one declaration per name', () => {
    const { schedule } = scheduleAt();
    schedule.declare(taskAt('rounds', 'job', start, [], []));
    expect(() => schedule.declare(taskAt('rounds', 'here', start, [], []))).toThrow(
      /declared twice/,
    );
    expect(schedule.tasks().map((task) => task.name)).toEqual(['rounds']);
  });

  it('takes tasks declared later into account, and forgets removed ones', async () => {
    const { schedule } = scheduleAt();
    const log: string[] = [];
    const remove = schedule.declare(taskAt('gone', 'job', start, [minute], log));
    schedule.declare({
      name: 'task',
      runsAs: 'here',
      nextDueMicros: () => (log.length === 0 ? start + minute : null),
      run: async () => void log.push('task'),
    });
    remove();
    await schedule.advanceTo(start + 2n * minute);
    expect(log).toEqual(['task']);
    expect(await schedule.runJob('gone', { jobId: null })).toBe('unknown');
    expect(schedule.tasks().map((task) => task.name)).toEqual(['task']);
  });
});
