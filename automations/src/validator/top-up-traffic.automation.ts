import { noData } from '../processors/job-data.schema.ts';
import { defineAutomation } from './define-automation.ts';

/** Buys extra traffic for the validator when it runs low (tapping first on a devnet). */
export const topUpTraffic = defineAutomation({
  name: 'top-up-traffic',
  queue: 'traffic',
  trigger: {
    due: ({ automation, policies }, job) => {
      const due = policies.topup ? automation.traffic.dueMicros(policies.topup) : null;
      return due === null ? [] : [{ trigger: job({}, `top-up/${due}`), dueMicros: due }];
    },
  },
  data: noData,
  run: async (deps, _data, job) => {
    const policy = deps.policies.topup;
    if (policy === null) return { outcome: 'noop', detail: 'traffic top-up is not configured' };
    return deps.automation.traffic.topUp(policy, job.id);
  },
});
