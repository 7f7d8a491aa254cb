import { z } from 'zod';
import { defineProcessor } from './define-processor.ts';
import { contractIdSchema, partyIdSchema } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

const data = z.object({ acceptedCid: contractIdSchema, sender: partyIdSchema });

/** Pays an accepted legacy offer from the sender's wallet. */
export const completeOffer = (deps: ProcessorDeps) =>
  defineProcessor(data, (accepted, job) => deps.automation.offers.complete(accepted, job.id));
