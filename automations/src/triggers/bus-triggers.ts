import type { ActorRequest, NodeAutomation, WalletContractCreated } from '@pocketnet/runtime';
import type { Logger } from 'pino';
import { EMPTY, map, merge, type Observable, type Subscription } from 'rxjs';
import {
  acceptMergeDelegationTrigger,
  acceptOfferTrigger,
  acceptPreapprovalProposalTrigger,
  completeOfferTrigger,
  completeTrafficRequest,
  sweepOf,
  type TriggerDeps,
} from './automation-triggers.ts';
import type { JobDispatch, JobTrigger } from './job-dispatch.ts';

type Cause =
  | { readonly source: 'created'; readonly created: WalletContractCreated }
  | { readonly source: 'actor'; readonly request: ActorRequest };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The jobs a created wallet contract triggers, if any. */
function jobsOfCreated(deps: TriggerDeps, { kind, node }: WalletContractCreated): JobTrigger[] {
  const { automation } = deps;
  const payload = node.createArgument;
  switch (kind) {
    case 'transferOffer':
      return deps.autoAccept.get(text(payload.receiver))?.has(text(payload.sender))
        ? [acceptOfferTrigger({ offerCid: node.contractId, receiver: text(payload.receiver) })]
        : [];
    case 'acceptedTransferOffer': {
      const sender = text(payload.sender);
      return automation.walletParties().includes(sender)
        ? [completeOfferTrigger({ acceptedCid: node.contractId, sender })]
        : [];
    }
    case 'buyTrafficRequest':
      return automation.walletParties().includes(text(payload.endUserParty))
        ? [completeTrafficRequest(node.contractId)]
        : [];
    case 'preapprovalProposal':
      return text(payload.provider) === automation.operator()
        ? [acceptPreapprovalProposalTrigger(node.contractId)]
        : [];
    case 'mergeDelegationProposal':
      return text((payload.delegation as Record<string, unknown> | null)?.operator) ===
        automation.operator()
        ? [acceptMergeDelegationTrigger(node.contractId)]
        : [];
    case 'amulet': {
      const owner = text(payload.owner);
      const policy = deps.sweepSenders.includes(owner) ? deps.policies.sweepOf(owner) : null;
      const sweep =
        policy && automation.sweeps.isDue(policy)
          ? [sweepOf(owner, automation.sweeps.holdingsKey(owner))]
          : [];
      // New holdings: the owner's accepted offers it could not pay yet are tried again.
      const holdings = automation.offers.holdingsKey(owner);
      const completions = deps.awaitingFunds
        .of(owner, automation.offers.acceptedBy(owner))
        .map((acceptedCid) => completeOfferTrigger({ acceptedCid, sender: owner }, holdings));
      return [...sweep, ...completions];
    }
    default:
      return [];
  }
}

/** The job a workflow actor asks for, if it is one of ours to do. */
function jobOfRequest(automation: NodeAutomation, request: ActorRequest): JobTrigger | null {
  const contractId = request.contractId;
  if (contractId === null) return null;
  if (request.type === 'offer.completionRequested') {
    const accepted = automation.offers
      .acceptedToComplete()
      .find((candidate) => candidate.acceptedCid === contractId);
    return accepted ? completeOfferTrigger(accepted) : null;
  }
  if (request.type === 'traffic.purchaseRequested') {
    return automation.trafficRequests.pending().includes(contractId)
      ? completeTrafficRequest(contractId)
      : null;
  }
  return null;
}

/**
 * Triggers from the bus: contracts as transactions create them (an offer from a trusted
 * sender, an accepted offer, a traffic request, a preapproval or delegation proposal, a swept sender's coin)
 * and what workflow actors ask for. Each enqueues the job the schedule would find later, with
 * the same id, so whichever comes first runs it once.
 */
export function subscribeBusTriggers(
  deps: TriggerDeps & {
    readonly dispatch: JobDispatch;
    readonly requests$: Observable<ActorRequest> | null;
    readonly logger: Logger;
  },
): Subscription {
  const causes$: Observable<Cause> = merge(
    deps.automation.created$.pipe(map((created): Cause => ({ source: 'created', created }))),
    (deps.requests$ ?? EMPTY).pipe(map((request): Cause => ({ source: 'actor', request }))),
  );
  return causes$.subscribe((cause) => {
    // One bad contract must not end the subscription: each cause is handled on its own.
    try {
      const jobs =
        cause.source === 'created'
          ? jobsOfCreated(deps, cause.created)
          : [jobOfRequest(deps.automation, cause.request)];
      for (const job of jobs) if (job !== null) void deps.dispatch.fire(job);
    } catch (error) {
      // The schedule finds the same work later from the node's state.
      deps.logger.debug({ err: error, source: cause.source }, 'a bus trigger failed');
    }
  });
}
