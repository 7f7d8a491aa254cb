import { payloadOf, transferPreapprovalProposalTemplate } from '@pocketnet/runtime';
import { z } from 'zod';
import { contractIdSchema } from '../processors/job-data.schema.ts';
import { defineAutomation, type JobOf } from './define-automation.ts';

const jobFor = (job: JobOf<{ proposalCid: string }>, proposalCid: string) =>
  job({ proposalCid }, `accept-preapproval-proposal/${proposalCid}`);

/** Accepts a TransferPreapprovalProposal naming the operator as provider (its wallet pays). */
export const acceptPreapprovalProposal = defineAutomation({
  name: 'accept-preapproval-proposal',
  queue: 'transfer-offers',
  trigger: {
    due: ({ automation }, job) =>
      automation.preapprovals
        .pendingProposals()
        .map((proposalCid) => ({ trigger: jobFor(job, proposalCid), dueMicros: automation.now() })),
    created: ({ automation }, { kind, node }, job) =>
      kind === 'preapprovalProposal' &&
      payloadOf(transferPreapprovalProposalTemplate, node.createArgument).provider ===
        automation.operator()
        ? [jobFor(job, node.contractId)]
        : [],
  },
  data: z.object({ proposalCid: contractIdSchema }),
  run: (deps, { proposalCid }, job) =>
    deps.automation.preapprovals.acceptProposal(proposalCid, deps.policies.renewal, job.id),
});
