import { z } from 'zod';
import { contractIdSchema } from '../processors/job-data.schema.ts';
import { defineAutomation } from './define-automation.ts';

/** Renews a transfer preapproval this validator provides, before it expires. */
export const renewPreapproval = defineAutomation({
  name: 'renew-preapproval',
  queue: 'expiries',
  trigger: {
    due: ({ automation, policies }, job) =>
      automation.preapprovals.pending(policies.renewal).map((work) => ({
        trigger: job({ contractId: work.contractId }, `renew-preapproval/${work.contractId}`),
        dueMicros: work.dueMicros,
      })),
  },
  data: z.object({ contractId: contractIdSchema }),
  run: (deps, { contractId }, job) =>
    deps.automation.preapprovals.renew(contractId, deps.policies.renewal, job.id),
});
