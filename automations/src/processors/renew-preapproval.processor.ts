import { z } from 'zod';
import { defineProcessor } from './define-processor.ts';
import { contractIdSchema } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

const data = z.object({ contractId: contractIdSchema });
const proposal = z.object({ proposalCid: contractIdSchema });

/** Renews a transfer preapproval this validator provides, before it expires. */
export const renewPreapproval = (deps: ProcessorDeps) =>
  defineProcessor(data, ({ contractId }, job) =>
    deps.automation.preapprovals.renew(contractId, deps.policies.renewal, job.id),
  );

/** Accepts a TransferPreapprovalProposal naming the operator as provider (its wallet pays). */
export const acceptPreapprovalProposal = (deps: ProcessorDeps) =>
  defineProcessor(proposal, ({ proposalCid }, job) =>
    deps.automation.preapprovals.acceptProposal(proposalCid, deps.policies.renewal, job.id),
  );
