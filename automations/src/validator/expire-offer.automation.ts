import { z } from 'zod';
import { contractIdSchema } from '../processors/job-data.schema.ts';
import { defineAutomation } from './define-automation.ts';

/** Expires a legacy transfer offer (open or accepted) past its time. */
export const expireOffer = defineAutomation({
  name: 'expire-offer',
  queue: 'expiries',
  trigger: {
    due: ({ automation }, job) =>
      automation.offers.expiring().map((offer) => ({
        trigger: job(
          { contractId: offer.contractId, kind: offer.kind },
          `expire-offer/${offer.contractId}`,
        ),
        dueMicros: offer.expiresAtMicros,
      })),
  },
  data: z.object({
    contractId: contractIdSchema,
    kind: z.enum(['transferOffer', 'acceptedTransferOffer']),
  }),
  run: (deps, { contractId, kind }, job) => deps.automation.offers.expire(contractId, kind, job.id),
});
