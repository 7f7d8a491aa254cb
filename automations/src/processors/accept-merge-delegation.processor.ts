import { z } from 'zod';
import { defineProcessor } from './define-processor.ts';
import { contractIdSchema } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

const data = z.object({ proposalCid: contractIdSchema });

/** The wallet provider accepts a user's MergeDelegationProposal. */
export const acceptMergeDelegation = (deps: ProcessorDeps) =>
  defineProcessor(data, ({ proposalCid }, job) =>
    deps.automation.merges.acceptProposal(proposalCid, job.id),
  );
