import { amuletTemplates, idPart, payloadOf } from '@pocketnet/runtime';
import { z } from 'zod';
import { partyIdSchema } from '../processors/job-data.schema.ts';
import type { TriggerDeps } from '../triggers/trigger-deps.ts';
import { defineAutomation, type JobOf } from './define-automation.ts';

/** A sweep of `sender` if it is due, named by the holdings it starts from. */
function dueSweep(deps: TriggerDeps, job: JobOf<{ sender: string }>, sender: string) {
  const policy = deps.policies.sweepOf(sender);
  if (!policy || !deps.automation.sweeps.isDue(policy)) return [];
  const holdingsKey = deps.automation.sweeps.holdingsKey(sender);
  return [job({ sender }, `sweep/${idPart(sender)}/${holdingsKey}`)];
}

/** Moves a sender's balance above its limit to its receiver. */
export const sweep = defineAutomation({
  name: 'sweep',
  queue: 'transfer-offers',
  trigger: {
    due: (deps, job) =>
      deps.sweepSenders.flatMap((sender) =>
        dueSweep(deps, job, sender).map((trigger) => ({
          trigger,
          dueMicros: deps.automation.now(),
        })),
      ),
    // A swept sender's new coin may take it over its limit.
    created: (deps, { kind, node }, job) => {
      if (kind !== 'amulet') return [];
      const { owner } = payloadOf(amuletTemplates.Amulet, node.createArgument);
      return deps.sweepSenders.includes(owner) ? dueSweep(deps, job, owner) : [];
    },
  },
  data: z.object({ sender: partyIdSchema }),
  run: async (deps, { sender }, job) => {
    const policy = deps.policies.sweepOf(sender);
    if (policy === null) return { outcome: 'stale', detail: `${sender} is no longer swept` };
    return deps.automation.sweeps.sweep(policy, job.id);
  },
});
