import { z } from 'zod';
import { defineProcessor } from './define-processor.ts';
import { partyIdSchema } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

const data = z.object({ sender: partyIdSchema });

/** Moves a sender's balance above its limit to its receiver. */
export const sweep = (deps: ProcessorDeps) =>
  defineProcessor(data, async ({ sender }, job) => {
    const policy = deps.policies.sweepOf(sender);
    if (policy === null) return { outcome: 'stale', detail: `${sender} is no longer swept` };
    return deps.automation.sweeps.sweep(policy, job.id);
  });
