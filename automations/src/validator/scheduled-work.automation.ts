import type { BackgroundTask } from '@pocketnet/runtime';
import { z } from 'zod';
import { PermanentJobError } from '../queue/job-errors.ts';
import { defineAutomation } from './define-automation.ts';

/**
 * The SV side of a devnet (rounds, expiries, claims, refreshes): the node schedule's `job`
 * tasks, each run as a job when due. Its trigger is the schedule itself, which hands each due
 * task to the dispatcher the automations install (`jobOfTask`), so it declares none here.
 */
export const scheduledWork = defineAutomation({
  name: 'scheduled-work',
  queue: 'sv-automation',
  trigger: {},
  data: z.object({ work: z.string().min(1), dueMicros: z.string().regex(/^\d+$/) }),
  run: async (deps, { work }, job) => {
    const ran = await deps.automation.schedule.runJob(work, { jobId: job.id });
    if (ran === 'unknown')
      throw new PermanentJobError(`no background task named ${work} runs as a job`);
    return { outcome: 'done', detail: `ran ${work}` };
  },
});

/** A due schedule task's job: the same work, due at the same time, from the same ledger state. */
export const jobOfTask = (task: BackgroundTask, dueMicros: bigint, ledgerEnd: string | number) =>
  scheduledWork.job(
    { work: task.name, dueMicros: dueMicros.toString() },
    `${task.name}/${dueMicros}/${ledgerEnd}`,
  );
