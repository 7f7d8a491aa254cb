import { acceptMergeDelegation } from './processors/accept-merge-delegation.processor.ts';
import { acceptOffer } from './processors/accept-offer.processor.ts';
import { collectRewards } from './processors/collect-rewards.processor.ts';
import { completeOffer } from './processors/complete-offer.processor.ts';
import { completeTrafficRequest } from './processors/complete-traffic-request.processor.ts';
import { expireContract } from './processors/expire-contract.processor.ts';
import { expireOffer } from './processors/expire-offer.processor.ts';
import { mergeHoldings } from './processors/merge-holdings.processor.ts';
import { mergeSmallAmulets } from './processors/merge-small-amulets.processor.ts';
import type { ProcessorDeps } from './processors/processor-deps.ts';
import { recordLiveness } from './processors/record-liveness.processor.ts';
import {
  acceptPreapprovalProposal,
  renewPreapproval,
} from './processors/renew-preapproval.processor.ts';
import { runScheduledWork } from './processors/sv-work.processor.ts';
import { sweep } from './processors/sweep.processor.ts';
import { topUpTraffic } from './processors/top-up-traffic.processor.ts';
import { PermanentJobError } from './queue/job-errors.ts';
import type { Processor } from './queue/job-types.ts';

/** Every queue and the jobs it runs: one processor per job name. */
const queueJobs = {
  'sv-automation': { 'scheduled-work': runScheduledWork },
  rewards: { 'collect-rewards': collectRewards, 'record-liveness': recordLiveness },
  traffic: {
    'top-up-traffic': topUpTraffic,
    'complete-traffic-request': completeTrafficRequest,
  },
  'transfer-offers': {
    'accept-offer': acceptOffer,
    'complete-offer': completeOffer,
    'accept-preapproval-proposal': acceptPreapprovalProposal,
    sweep,
  },
  merges: {
    'merge-holdings': mergeHoldings,
    'merge-small-amulets': mergeSmallAmulets,
    'accept-merge-delegation': acceptMergeDelegation,
  },
  expiries: {
    'expire-offer': expireOffer,
    'expire-contract': expireContract,
    'renew-preapproval': renewPreapproval,
  },
} as const satisfies Record<string, Record<string, (deps: ProcessorDeps) => Processor>>;

export type QueueName = keyof typeof queueJobs;
export type JobName<TQueue extends QueueName> = keyof (typeof queueJobs)[TQueue] & string;

export const queueNames = Object.keys(queueJobs) as QueueName[];

/** One processor per queue, routing each job to its job name's processor. */
export function queueProcessor(queue: QueueName, deps: ProcessorDeps): Processor {
  const processors = new Map<string, Processor>(
    Object.entries(queueJobs[queue]).map(([name, build]) => [name, build(deps)]),
  );
  return (job, signal) => {
    const processor = processors.get(job.name);
    if (processor === undefined) {
      return Promise.reject(new PermanentJobError(`queue ${queue} runs no job named ${job.name}`));
    }
    return processor(job, signal);
  };
}
