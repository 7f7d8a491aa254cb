import { z } from 'zod';
import { defineProcessor } from './define-processor.ts';
import { partyIdSchema, roundSchema } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

const data = z.object({ party: partyIdSchema, round: roundSchema });

/** Mints a wallet party's rewards of an issuing round into a holding. */
export const collectRewards = (deps: ProcessorDeps) =>
  defineProcessor(data, (work, job) => deps.automation.rewards.collect(work, job.id));
