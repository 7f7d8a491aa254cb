import { payloadOf, transferOfferTemplate } from '@pocketnet/runtime';
import { z } from 'zod';
import { contractIdSchema, partyIdSchema } from '../processors/job-data.schema.ts';
import type { TriggerDeps } from '../triggers/trigger-deps.ts';
import { defineAutomation, type JobOf } from './define-automation.ts';

type Offer = { offerCid: string; receiver: string };

const jobFor = (job: JobOf<Offer>, offer: Offer) => job(offer, `accept-offer/${offer.offerCid}`);

const acceptsFrom = (deps: TriggerDeps, receiver: string, sender: string) =>
  deps.autoAccept.get(receiver)?.has(sender) === true;

/** Accepts a transfer offer from a sender its receiver accepts automatically. */
export const acceptOffer = defineAutomation({
  name: 'accept-offer',
  queue: 'transfer-offers',
  trigger: {
    due: (deps, job) =>
      [...deps.autoAccept.keys()].flatMap((receiver) =>
        deps.automation.offers
          .openOffersTo(receiver)
          .filter((offer) => acceptsFrom(deps, receiver, offer.sender))
          .map((offer) => ({
            trigger: jobFor(job, { offerCid: offer.contractId, receiver }),
            dueMicros: deps.automation.now(),
          })),
      ),
    created: (deps, { kind, node }, job) => {
      if (kind !== 'transferOffer') return [];
      const { receiver, sender } = payloadOf(transferOfferTemplate, node.createArgument);
      return acceptsFrom(deps, receiver, sender)
        ? [jobFor(job, { offerCid: node.contractId, receiver })]
        : [];
    },
  },
  data: z.object({ offerCid: contractIdSchema, receiver: partyIdSchema }),
  run: (deps, offer, job) => deps.automation.offers.accept(offer, job.id),
});
