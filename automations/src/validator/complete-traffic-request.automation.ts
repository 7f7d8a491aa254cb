import { buyTrafficRequestTemplate, payloadOf } from '@pocketnet/runtime';
import { z } from 'zod';
import { contractIdSchema } from '../processors/job-data.schema.ts';
import { defineAutomation, type JobOf } from './define-automation.ts';

const jobFor = (job: JobOf<{ requestCid: string }>, requestCid: string) =>
  job({ requestCid }, `traffic-request/${requestCid}`);

/** Pays a wallet user's BuyTrafficRequest. */
export const completeTrafficRequest = defineAutomation({
  name: 'complete-traffic-request',
  queue: 'traffic',
  trigger: {
    due: ({ automation }, job) =>
      automation.trafficRequests
        .pending()
        .map((requestCid) => ({ trigger: jobFor(job, requestCid), dueMicros: automation.now() })),
    created: ({ automation }, { kind, node }, job) =>
      kind === 'buyTrafficRequest' &&
      automation
        .walletParties()
        .includes(payloadOf(buyTrafficRequestTemplate, node.createArgument).endUserParty)
        ? [jobFor(job, node.contractId)]
        : [],
    requested: ({ automation }, request, job) =>
      request.type === 'traffic.purchaseRequested' &&
      request.contractId !== null &&
      automation.trafficRequests.pending().includes(request.contractId)
        ? jobFor(job, request.contractId)
        : null,
  },
  data: z.object({ requestCid: contractIdSchema }),
  run: (deps, { requestCid }, job) => deps.automation.trafficRequests.complete(requestCid, job.id),
});
