import { z } from 'zod';
import { defineProcessor } from './define-processor.ts';
import { contractIdSchema } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

const data = z.object({
  contractId: contractIdSchema,
  kind: z.enum(['transferOffer', 'acceptedTransferOffer']),
});

/** Expires a legacy transfer offer (open or accepted) past its time. */
export const expireOffer = (deps: ProcessorDeps) =>
  defineProcessor(data, ({ contractId, kind }, job) =>
    deps.automation.offers.expire(contractId, kind, job.id),
  );
