import { defineProcessor } from './define-processor.ts';
import { noData } from './job-data.schema.ts';
import type { ProcessorDeps } from './processor-deps.ts';

/** Merges delegating users' holdings in batches, reporting how many are merged. */
export const mergeHoldings = (deps: ProcessorDeps) =>
  defineProcessor(noData, (_data, job) =>
    deps.automation.delegatedMerges.merge(job.id, (progress) => job.updateProgress(progress)),
  );
