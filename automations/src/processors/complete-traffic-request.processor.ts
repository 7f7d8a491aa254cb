import { z } from 'zod';
import { defineProcessor } from './define-processor.ts';
import { contractIdSchema } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

const data = z.object({ requestCid: contractIdSchema });

/** Pays a wallet user's BuyTrafficRequest. */
export const completeTrafficRequest = (deps: ProcessorDeps) =>
  defineProcessor(data, ({ requestCid }, job) =>
    deps.automation.trafficRequests.complete(requestCid, job.id),
  );
