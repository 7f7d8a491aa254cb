import type { ProcessorDeps } from '../processors/processor-deps.ts';
import { PermanentJobError } from '../queue/job-errors.ts';
import type { Processor } from '../queue/job-types.ts';
import type { QueueName } from '../triggers/job-trigger.ts';
import { acceptMergeDelegation } from './accept-merge-delegation.automation.ts';
import { acceptOffer } from './accept-offer.automation.ts';
import { acceptPreapprovalProposal } from './accept-preapproval-proposal.automation.ts';
import { collectRewards } from './collect-rewards.automation.ts';
import { completeOffer } from './complete-offer.automation.ts';
import { completeTrafficRequest } from './complete-traffic-request.automation.ts';
import type { Automation } from './define-automation.ts';
import { expireContract } from './expire-contract.automation.ts';
import { expireOffer } from './expire-offer.automation.ts';
import { mergeHoldings } from './merge-holdings.automation.ts';
import { mergeSmallAmulets } from './merge-small-amulets.automation.ts';
import { recordLiveness } from './record-liveness.automation.ts';
import { renewPreapproval } from './renew-preapproval.automation.ts';
import { scheduledWork } from './scheduled-work.automation.ts';
import { sweep } from './sweep.automation.ts';
import { topUpTraffic } from './top-up-traffic.automation.ts';

/**
 * Every validator automation, each declared once in its own file. Both adapters read this list:
 * the workers' processors, the schedule's triggers and the bus triggers all come from it.
 */
export const validatorAutomations: readonly Automation[] = [
  scheduledWork,
  recordLiveness,
  collectRewards,
  topUpTraffic,
  completeTrafficRequest,
  sweep,
  acceptOffer,
  completeOffer,
  expireOffer,
  expireContract,
  renewPreapproval,
  acceptPreapprovalProposal,
  acceptMergeDelegation,
  mergeHoldings,
  mergeSmallAmulets,
];

const byName = new Map<string, Automation>();
for (const automation of validatorAutomations) {
  // A job is routed by its name: two automations of one name would take each other's jobs.
  if (byName.has(automation.name))
    throw new Error(`automation ${automation.name} is declared twice`);
  byName.set(automation.name, automation);
}

/** One processor per queue, routing each job to the automation of its name. */
export function queueProcessor(queue: QueueName, deps: ProcessorDeps): Processor {
  const processors = new Map<string, Processor>(
    validatorAutomations
      .filter((automation) => automation.queue === queue)
      .map((automation) => [automation.name, automation.processor(deps)]),
  );
  return (job, signal) => {
    const processor = processors.get(job.name);
    if (processor === undefined) {
      return Promise.reject(new PermanentJobError(`queue ${queue} runs no job named ${job.name}`));
    }
    return processor(job, signal);
  };
}
