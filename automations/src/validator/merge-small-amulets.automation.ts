import { idPart } from '@pocketnet/runtime';
import { z } from 'zod';
import { partyIdSchema } from '../processors/job-data.schema.ts';
import { defineAutomation } from './define-automation.ts';

/** Merges a wallet party's small amulets into one. */
export const mergeSmallAmulets = defineAutomation({
  name: 'merge-small-amulets',
  queue: 'merges',
  trigger: {
    due: ({ automation, policies }, job) =>
      automation.merges.pendingSmall(policies.smallAmulets).map((party) => ({
        trigger: job({ party }, `merge-small/${idPart(party)}/${automation.ledgerEnd()}`),
        dueMicros: automation.now(),
      })),
  },
  data: z.object({ party: partyIdSchema }),
  run: (deps, { party }, job) =>
    deps.automation.merges.mergeSmall(party, deps.policies.smallAmulets, job.id),
});
