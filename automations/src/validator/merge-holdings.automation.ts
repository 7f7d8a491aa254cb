import { noData } from '../processors/job-data.schema.ts';
import { defineAutomation } from './define-automation.ts';

/** Merges delegating users' holdings in batches, reporting how many are merged. */
export const mergeHoldings = defineAutomation({
  name: 'merge-holdings',
  queue: 'merges',
  trigger: {
    due: ({ automation }, job) =>
      automation.delegatedMerges.hasPending()
        ? [
            {
              trigger: job({}, `merge-holdings/${automation.ledgerEnd()}`),
              dueMicros: automation.now(),
            },
          ]
        : [],
  },
  data: noData,
  run: (deps, _data, job) =>
    deps.automation.delegatedMerges.merge(job.id, (progress) => job.updateProgress(progress)),
});
