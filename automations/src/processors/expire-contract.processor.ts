import { z } from 'zod';
import { defineProcessor } from './define-processor.ts';
import { contractIdSchema } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

const data = z.object({
  contractId: contractIdSchema,
  kind: z.enum(['instruction', 'lock', 'trafficRequest']),
});

/** Expires a transfer instruction, a lock or a traffic request past its time. */
export const expireContract = (deps: ProcessorDeps) =>
  defineProcessor(data, ({ contractId, kind }, job) =>
    deps.automation.expiries.expire(kind, contractId, job.id),
  );
