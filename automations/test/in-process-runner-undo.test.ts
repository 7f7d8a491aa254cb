import { createUndoLog } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../src/queue/in-process-runner.ts';
import { PermanentJobError } from '../src/queue/job-errors.ts';
import type { JobRunner, JobState } from '../src/queue/job-types.ts';

const queue = 'undo-test';
const states: JobState[] = ['waiting', 'delayed', 'active', 'completed', 'failed'];

/** Every job the runner keeps, by state, and the counts: what the automations' view reads. */
async function jobsOf(runner: JobRunner) {
  const byState = await Promise.all(states.map((state) => runner.list(queue, state, 1000)));
  return { byState, counts: await runner.counts(queue) };
}

/** Adds jobs `from`..`to`, odd ones failing for good, and waits until each has ended. */
async function runJobs(runner: JobRunner, from: number, to: number) {
  for (let index = from; index < to; index++) {
    const jobId = `job-${index}`;
    await runner.add(queue, { name: 'work', data: { index }, options: { jobId } });
    await runner.waitFor(queue, jobId).catch(() => {});
  }
}

const worker = (runner: JobRunner) =>
  runner.work(queue, async (job) => {
    const { index } = job.data as { index: number };
    await job.updateProgress({ step: index });
    if (index % 2 === 1) throw new PermanentJobError(`job ${index} fails`);
    return { outcome: 'done', detail: String(index) };
  });

describe('the in-process runner rolled back to a mark', () => {
  it('keeps the jobs of a fresh runner given only the jobs before the mark, and runs an id seen after it again', async () => {
    const undo = createUndoLog();
    const runner = createInProcessRunner();
    runner.recordChangesIn?.(undo);
    const fresh = createInProcessRunner();
    worker(runner);
    worker(fresh);
    await runJobs(runner, 0, 4);
    await runJobs(fresh, 0, 4);
    const mark = undo.mark();
    await runJobs(runner, 4, 12);
    // A job the mark saw waiting is run after it: the rollback makes it wait again.
    await runner.add(queue, {
      name: 'work',
      data: { index: 20 },
      options: { jobId: 'job-20', delayMs: 60_000 },
    });
    expect((await jobsOf(runner)).counts.completed).toBe(6);
    undo.rollback(mark);
    expect(await jobsOf(runner)).toEqual(await jobsOf(fresh));

    // An id first seen after the mark is a new job again, not the answer of the undone one.
    await runJobs(runner, 4, 6);
    await runJobs(fresh, 4, 6);
    expect(await jobsOf(runner)).toEqual(await jobsOf(fresh));
    expect(await runner.job(queue, 'job-20')).toBeNull();
    await runner.close();
    await fresh.close();
  });
});
