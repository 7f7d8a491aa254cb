import { z } from 'zod';
import { defineProcessor } from './define-processor.ts';
import { partyIdSchema, roundSchema } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

const data = z.object({ validator: partyIdSchema, round: roundSchema });

/** Records the validator's liveness in an open round (a reward input once it issues). */
export const recordLiveness = (deps: ProcessorDeps) =>
  defineProcessor(data, (work, job) => deps.automation.liveness.record(work, job.id));
