import { describe, expect, it } from 'vitest';
import { createAutomationView } from '../src/automation-view.ts';
import { createInProcessRunner } from '../src/queue/in-process-runner.ts';
import { PermanentJobError } from '../src/queue/job-errors.ts';

describe('the automations’ view of their queues', () => {
  it('shows counts per state, failures with their reasons, and the progress of running jobs', async () => {
    const runner = createInProcessRunner();
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let reported = () => {};
    const progressed = new Promise<void>((resolve) => {
      reported = resolve;
    });
    runner.work('merges', async (job) => {
      if (job.name === 'broken')
        throw new PermanentJobError('invalid job data: party: expected a party id');
      await job.updateProgress({ merged: 100, total: 150 });
      reported();
      await finished;
      return { outcome: 'done' };
    });
    await runner.add('merges', { name: 'broken', data: {}, options: { jobId: 'bad-1' } });
    await runner.waitFor('merges', 'bad-1').catch(() => {});
    await runner.add('merges', { name: 'merge-holdings', data: {}, options: { jobId: 'merge-1' } });
    await progressed;
    const view = createAutomationView(runner, ['merges', 'rewards']);
    expect(view.mode).toBe('in-process');
    const [merges, rewards] = await view.queues();
    expect(merges).toEqual({
      name: 'merges',
      counts: { waiting: 0, delayed: 0, active: 1, completed: 0, failed: 1 },
      failures: [
        {
          jobId: 'bad-1',
          name: 'broken',
          reason: 'invalid job data: party: expected a party id',
          attemptsMade: 1,
        },
      ],
      inProgress: [
        { jobId: 'merge-1', name: 'merge-holdings', progress: { merged: 100, total: 150 } },
      ],
    });
    expect(rewards?.counts).toEqual({ waiting: 0, delayed: 0, active: 0, completed: 0, failed: 0 });
    finish();
    await runner.close();
  });
});
