import { z } from 'zod';
import { contractIdSchema } from '../processors/job-data.schema.ts';
import { defineAutomation } from './define-automation.ts';

/** Expires a transfer instruction, a lock or a traffic request past its time. */
export const expireContract = defineAutomation({
  name: 'expire-contract',
  queue: 'expiries',
  trigger: {
    due: ({ automation }, job) =>
      automation.expiries.pending().map((work) => ({
        trigger: job(
          { contractId: work.contractId, kind: work.kind },
          `expire-${work.kind}/${work.contractId}`,
        ),
        dueMicros: work.dueMicros,
      })),
  },
  data: z.object({
    contractId: contractIdSchema,
    kind: z.enum(['instruction', 'lock', 'trafficRequest']),
  }),
  run: (deps, { contractId, kind }, job) =>
    deps.automation.expiries.expire(kind, contractId, job.id),
});
