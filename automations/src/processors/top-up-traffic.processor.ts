import { defineProcessor } from './define-processor.ts';
import { noData } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

/** Buys extra traffic for the validator when it runs low (tapping first on a devnet). */
export const topUpTraffic = (deps: ProcessorDeps) =>
  defineProcessor(noData, async (_data, job) => {
    const policy = deps.policies.topup;
    if (policy === null) return { outcome: 'noop', detail: 'traffic top-up is not configured' };
    return deps.automation.traffic.topUp(policy, job.id);
  });
