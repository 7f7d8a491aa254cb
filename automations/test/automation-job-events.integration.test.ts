import type { AutomationJobEvent } from '@pocketnet/runtime';
import { filter, firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAutomationView } from '../src/automation-view.ts';
import { PermanentJobError } from '../src/queue/job-errors.ts';
import { type TestRunner, testRunners } from './test-runners.ts';

const movesOf = (events: readonly AutomationJobEvent[]) =>
  events.map(({ at, ...event }) => {
    expect(Number.isNaN(Date.parse(at))).toBe(false);
    return event;
  });

describe.each(testRunners)('the automation view’s job events on the %s runner', (_, start) => {
  let fixture: TestRunner | undefined;
  afterEach(async () => {
    await fixture?.runner.close();
    await fixture?.cleanup();
  });

  it('emits waiting, active, progress and completed for a job, named, with its outcome', async () => {
    fixture = start();
    const { runner } = fixture;
    const view = createAutomationView(runner, ['merges', 'rewards']);
    const events = firstValueFrom(
      view.jobEvents$.pipe(
        filter((event) => event.jobId === 'merge-1'),
        take(4),
        toArray(),
      ),
    );
    await runner.listen('merges');
    runner.work('merges', async (job) => {
      await job.updateProgress({ merged: 3, total: 4 });
      return { outcome: 'noop' };
    });
    await runner.add('merges', { name: 'merge-holdings', data: {}, options: { jobId: 'merge-1' } });
    const job = { queue: 'merges', jobId: 'merge-1', name: 'merge-holdings' };
    expect(movesOf(await events)).toEqual([
      { ...job, state: 'waiting' },
      { ...job, state: 'active' },
      { ...job, state: 'progress', progress: { merged: 3, total: 4 } },
      { ...job, state: 'completed', outcome: 'noop' },
    ]);
  });

  it('emits a failure with its reason, and only for the queues the view shows', async () => {
    fixture = start();
    const { runner } = fixture;
    const view = createAutomationView(runner, ['rewards']);
    const events = firstValueFrom(view.jobEvents$.pipe(take(3), toArray()));
    await Promise.all([runner.listen('hidden'), runner.listen('rewards')]);
    runner.work('hidden', async () => ({ outcome: 'done' }));
    runner.work('rewards', async () => {
      throw new PermanentJobError('no reward coupon');
    });
    await runner.add('hidden', { name: 'other', data: {}, options: { jobId: 'other-1' } });
    await runner.waitFor('hidden', 'other-1');
    await runner.add('rewards', { name: 'collect', data: {}, options: { jobId: 'collect-1' } });
    const job = { queue: 'rewards', jobId: 'collect-1', name: 'collect' };
    expect(movesOf(await events)).toEqual([
      { ...job, state: 'waiting' },
      { ...job, state: 'active' },
      { ...job, state: 'failed', failedReason: 'no reward coupon' },
    ]);
  });
});
