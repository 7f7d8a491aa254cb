import { z } from 'zod';
import { defineProcessor } from './define-processor.ts';
import { partyIdSchema } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

const data = z.object({ party: partyIdSchema });

/** Merges a wallet party's small amulets into one. */
export const mergeSmallAmulets = (deps: ProcessorDeps) =>
  defineProcessor(data, ({ party }, job) =>
    deps.automation.merges.mergeSmall(party, deps.policies.smallAmulets, job.id),
  );
