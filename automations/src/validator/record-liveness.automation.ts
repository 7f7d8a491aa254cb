import { idPart } from '@pocketnet/runtime';
import { z } from 'zod';
import { partyIdSchema, roundSchema } from '../processors/job-data.schema.ts';
import { defineAutomation } from './define-automation.ts';

/** Records the validator's liveness in an open round (a reward input once it issues). */
export const recordLiveness = defineAutomation({
  name: 'record-liveness',
  queue: 'rewards',
  trigger: {
    due: ({ automation }, job) =>
      automation.liveness.pending().map((work) => ({
        trigger: job(work, `liveness/${idPart(work.validator)}/${work.round}`),
        dueMicros: automation.now(),
      })),
  },
  data: z.object({ validator: partyIdSchema, round: roundSchema }),
  run: (deps, work, job) => deps.automation.liveness.record(work, job.id),
});
