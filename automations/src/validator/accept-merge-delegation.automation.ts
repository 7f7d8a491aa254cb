import { mergeDelegationTemplates, payloadOf } from '@pocketnet/runtime';
import { z } from 'zod';
import { contractIdSchema } from '../processors/job-data.schema.ts';
import { defineAutomation, type JobOf } from './define-automation.ts';

const jobFor = (job: JobOf<{ proposalCid: string }>, proposalCid: string) =>
  job({ proposalCid }, `accept-merge-delegation/${proposalCid}`);

/** The wallet provider accepts a user's MergeDelegationProposal. */
export const acceptMergeDelegation = defineAutomation({
  name: 'accept-merge-delegation',
  queue: 'merges',
  trigger: {
    due: ({ automation }, job) =>
      automation.merges
        .pendingProposals()
        .map((proposalCid) => ({ trigger: jobFor(job, proposalCid), dueMicros: automation.now() })),
    created: ({ automation }, { kind, node }, job) =>
      kind === 'mergeDelegationProposal' &&
      payloadOf(mergeDelegationTemplates.MergeDelegationProposal, node.createArgument).delegation
        .operator === automation.operator()
        ? [jobFor(job, node.contractId)]
        : [],
  },
  data: z.object({ proposalCid: contractIdSchema }),
  run: (deps, { proposalCid }, job) => deps.automation.merges.acceptProposal(proposalCid, job.id),
});
