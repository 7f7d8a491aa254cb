import { z } from 'zod';
import { PermanentJobError } from '../queue/job-errors.ts';
import { defineProcessor } from './define-processor.ts';
import type { ProcessorDeps } from './processor-deps.ts';

const data = z.object({ work: z.string().min(1), dueMicros: z.string().regex(/^\d+$/) });

/** The SV side of a devnet (rounds, expiries, claims, refreshes), run as a job. */
export const runScheduledWork = (deps: ProcessorDeps) =>
  defineProcessor(data, async ({ work }, job) => {
    const ran = await deps.automation.schedule.runJob(work, { jobId: job.id });
    if (ran === 'unknown')
      throw new PermanentJobError(`no background task named ${work} runs as a job`);
    return { outcome: 'done', detail: `ran ${work}` };
  });
