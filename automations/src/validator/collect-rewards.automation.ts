import { idPart } from '@pocketnet/runtime';
import { z } from 'zod';
import { partyIdSchema, roundSchema } from '../processors/job-data.schema.ts';
import { defineAutomation } from './define-automation.ts';

/** Mints a wallet party's rewards of an issuing round into a holding. */
export const collectRewards = defineAutomation({
  name: 'collect-rewards',
  queue: 'rewards',
  trigger: {
    due: ({ automation }, job) =>
      automation.rewards.pending().map((work) => ({
        trigger: job(work, `rewards/${idPart(work.party)}/${work.round}`),
        dueMicros: automation.now(),
      })),
  },
  data: z.object({ party: partyIdSchema, round: roundSchema }),
  run: (deps, work, job) => deps.automation.rewards.collect(work, job.id),
});
