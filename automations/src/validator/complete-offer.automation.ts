import { acceptedTransferOfferTemplate, amuletTemplates, payloadOf } from '@pocketnet/runtime';
import { z } from 'zod';
import { contractIdSchema, partyIdSchema } from '../processors/job-data.schema.ts';
import { defineAutomation, type JobOf } from './define-automation.ts';

type Accepted = { acceptedCid: string; sender: string };

/**
 * The completion of an accepted offer. A sender that could not pay is tried again, as a new
 * job, once its holdings change: that job is named by the holdings it pays from.
 */
const jobFor = (job: JobOf<Accepted>, accepted: Accepted, holdingsKey?: string) =>
  job(
    accepted,
    holdingsKey === undefined
      ? `complete-offer/${accepted.acceptedCid}`
      : `complete-offer/${accepted.acceptedCid}/${holdingsKey}`,
  );

/** Pays an accepted legacy offer from the sender's wallet. */
export const completeOffer = defineAutomation({
  name: 'complete-offer',
  queue: 'transfer-offers',
  trigger: {
    due: ({ automation, awaitingFunds }, job) =>
      automation.offers.acceptedToComplete().map((accepted) => ({
        trigger: jobFor(
          job,
          accepted,
          awaitingFunds.has(accepted.sender, accepted.acceptedCid)
            ? automation.offers.holdingsKey(accepted.sender)
            : undefined,
        ),
        dueMicros: automation.now(),
      })),
    created: ({ automation, awaitingFunds }, { kind, node }, job) => {
      if (kind === 'acceptedTransferOffer') {
        const { sender } = payloadOf(acceptedTransferOfferTemplate, node.createArgument);
        return automation.walletParties().includes(sender)
          ? [jobFor(job, { acceptedCid: node.contractId, sender })]
          : [];
      }
      if (kind !== 'amulet') return [];
      // New holdings: the owner's accepted offers it could not pay yet are tried again.
      const { owner } = payloadOf(amuletTemplates.Amulet, node.createArgument);
      const holdings = automation.offers.holdingsKey(owner);
      return awaitingFunds
        .of(owner, automation.offers.acceptedBy(owner))
        .map((acceptedCid) => jobFor(job, { acceptedCid, sender: owner }, holdings));
    },
    requested: ({ automation }, { type, contractId }, job) => {
      if (type !== 'offer.completionRequested' || contractId === null) return null;
      const accepted = automation.offers
        .acceptedToComplete()
        .find((candidate) => candidate.acceptedCid === contractId);
      return accepted ? jobFor(job, accepted) : null;
    },
  },
  data: z.object({ acceptedCid: contractIdSchema, sender: partyIdSchema }),
  run: (deps, accepted, job) => deps.automation.offers.complete(accepted, job.id),
});
