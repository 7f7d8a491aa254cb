import { idPart, type NodeAutomation } from '@pocketnet/runtime';
import type { ProcessorDeps } from '../processors/processor-deps.ts';
import type { AwaitingFunds } from './awaiting-funds.ts';
import type { DueItem } from './due-items.trigger.ts';
import type { JobTrigger } from './job-dispatch.ts';

export type TriggerDeps = ProcessorDeps & {
  /** Receiver → the senders whose offers it accepts. */
  readonly autoAccept: ReadonlyMap<string, ReadonlySet<string>>;
  readonly sweepSenders: readonly string[];
  /** Accepted offers whose sender could not pay yet: their completion waits for its holdings. */
  readonly awaitingFunds: AwaitingFunds;
};

const now = (automation: NodeAutomation) => automation.now();
const at = (dueMicros: bigint, trigger: JobTrigger): DueItem => ({ trigger, dueMicros });

/**
 * What each automation finds to do in the node's state, as jobs with ids from their triggers.
 * The bus triggers enqueue the same jobs as their contracts appear; these find them after a
 * restart, and find what falls due as time passes.
 */
export function triggerSources(deps: TriggerDeps): Record<string, () => DueItem[]> {
  const { automation, policies } = deps;
  const t = () => now(automation);
  const end = () => automation.ledgerEnd();
  return {
    liveness: () =>
      automation.liveness.pending().map((work) =>
        at(t(), {
          queue: 'rewards',
          name: 'record-liveness',
          jobId: `liveness/${idPart(work.validator)}/${work.round}`,
          data: work,
        }),
      ),
    rewards: () =>
      automation.rewards.pending().map((work) =>
        at(t(), {
          queue: 'rewards',
          name: 'collect-rewards',
          jobId: `rewards/${idPart(work.party)}/${work.round}`,
          data: work,
        }),
      ),
    topup: () => {
      const due = policies.topup ? automation.traffic.dueMicros(policies.topup) : null;
      return due === null
        ? []
        : [at(due, { queue: 'traffic', name: 'top-up-traffic', jobId: `top-up/${due}`, data: {} })];
    },
    trafficRequests: () =>
      automation.trafficRequests
        .pending()
        .map((requestCid) => at(t(), completeTrafficRequest(requestCid))),
    sweeps: () =>
      deps.sweepSenders.flatMap((sender) => {
        const policy = policies.sweepOf(sender);
        if (!policy || !automation.sweeps.isDue(policy)) return [];
        return [at(t(), sweepOf(sender, automation.sweeps.holdingsKey(sender)))];
      }),
    autoAccept: () => pendingAutoAccepts(deps).map((offer) => at(t(), acceptOfferTrigger(offer))),
    completion: () =>
      automation.offers
        .acceptedToComplete()
        .map((accepted) =>
          at(
            t(),
            completeOfferTrigger(
              accepted,
              deps.awaitingFunds.has(accepted.sender, accepted.acceptedCid)
                ? automation.offers.holdingsKey(accepted.sender)
                : undefined,
            ),
          ),
        ),
    offerExpiries: () =>
      automation.offers.expiring().map((offer) =>
        at(offer.expiresAtMicros, {
          queue: 'expiries',
          name: 'expire-offer',
          jobId: `expire-offer/${offer.contractId}`,
          data: { contractId: offer.contractId, kind: offer.kind },
        }),
      ),
    expiries: () =>
      automation.expiries.pending().map((work) =>
        at(work.dueMicros, {
          queue: 'expiries',
          name: 'expire-contract',
          jobId: `expire-${work.kind}/${work.contractId}`,
          data: { contractId: work.contractId, kind: work.kind },
        }),
      ),
    renewals: () =>
      automation.preapprovals.pending(policies.renewal).map((work) =>
        at(work.dueMicros, {
          queue: 'expiries',
          name: 'renew-preapproval',
          jobId: `renew-preapproval/${work.contractId}`,
          data: { contractId: work.contractId },
        }),
      ),
    preapprovalProposals: () =>
      automation.preapprovals
        .pendingProposals()
        .map((proposalCid) => at(t(), acceptPreapprovalProposalTrigger(proposalCid))),
    delegations: () =>
      automation.merges
        .pendingProposals()
        .map((proposalCid) => at(t(), acceptMergeDelegationTrigger(proposalCid))),
    delegatedMerges: () =>
      automation.delegatedMerges.hasPending()
        ? [
            at(t(), {
              queue: 'merges',
              name: 'merge-holdings',
              jobId: `merge-holdings/${end()}`,
              data: {},
            }),
          ]
        : [],
    smallAmulets: () =>
      automation.merges.pendingSmall(policies.smallAmulets).map((party) =>
        at(t(), {
          queue: 'merges',
          name: 'merge-small-amulets',
          jobId: `merge-small/${idPart(party)}/${end()}`,
          data: { party },
        }),
      ),
  };
}

function pendingAutoAccepts(deps: TriggerDeps): { offerCid: string; receiver: string }[] {
  return [...deps.autoAccept.keys()].flatMap((receiver) =>
    deps.automation.offers
      .openOffersTo(receiver)
      .filter((offer) => deps.autoAccept.get(receiver)?.has(offer.sender) === true)
      .map((offer) => ({ offerCid: offer.contractId, receiver })),
  );
}

export const acceptOfferTrigger = (offer: { offerCid: string; receiver: string }): JobTrigger => ({
  queue: 'transfer-offers',
  name: 'accept-offer',
  jobId: `accept-offer/${offer.offerCid}`,
  data: offer,
});

/**
 * The completion of an accepted offer. A sender that could not pay is tried again, as a new
 * job, once its holdings change: that job is named by the holdings it pays from.
 */
export const completeOfferTrigger = (
  accepted: { acceptedCid: string; sender: string },
  holdingsKey?: string,
): JobTrigger => ({
  queue: 'transfer-offers',
  name: 'complete-offer',
  jobId:
    holdingsKey === undefined
      ? `complete-offer/${accepted.acceptedCid}`
      : `complete-offer/${accepted.acceptedCid}/${holdingsKey}`,
  data: accepted,
});

export const completeTrafficRequest = (requestCid: string): JobTrigger => ({
  queue: 'traffic',
  name: 'complete-traffic-request',
  jobId: `traffic-request/${requestCid}`,
  data: { requestCid },
});

export const acceptPreapprovalProposalTrigger = (proposalCid: string): JobTrigger => ({
  queue: 'transfer-offers',
  name: 'accept-preapproval-proposal',
  jobId: `accept-preapproval-proposal/${proposalCid}`,
  data: { proposalCid },
});

export const acceptMergeDelegationTrigger = (proposalCid: string): JobTrigger => ({
  queue: 'merges',
  name: 'accept-merge-delegation',
  jobId: `accept-merge-delegation/${proposalCid}`,
  data: { proposalCid },
});

/** A sweep of `sender` starting from the holdings named by `holdingsKey`. */
export const sweepOf = (sender: string, holdingsKey: string): JobTrigger => ({
  queue: 'transfer-offers',
  name: 'sweep',
  jobId: `sweep/${idPart(sender)}/${holdingsKey}`,
  data: { sender },
});
