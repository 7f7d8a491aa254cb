import { z } from 'zod';
import { defineProcessor } from './define-processor.ts';
import { contractIdSchema, partyIdSchema } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

const data = z.object({ offerCid: contractIdSchema, receiver: partyIdSchema });

/** Accepts a transfer offer from a sender its receiver accepts automatically. */
export const acceptOffer = (deps: ProcessorDeps) =>
  defineProcessor(data, (offer, job) => deps.automation.offers.accept(offer, job.id));
