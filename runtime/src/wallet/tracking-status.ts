import type { Caller } from '../services/caller.ts';

// The wallet-external status bodies of transfer offers and traffic requests, read from their
// workflow actors: a running actor answers from its state and context, an ended one with its
// output, which the machines already shape as the spec's body.

export type TrackedMachine = 'transfer-offer' | 'traffic-purchase';

/** What the actor registry tells of one actor. */
export type ActorDetail = {
  readonly state: unknown;
  readonly status: 'active' | 'done' | string;
  readonly output?: unknown;
  readonly context: unknown;
};

/** The part of the node's actor registry the wallet reads. */
export type TrackingActors = {
  findByTrackingId(
    caller: Caller,
    machine: TrackedMachine,
    trackingId: string,
  ): ActorDetail | undefined;
};

export type TransferOfferStatusBody =
  | {
      readonly status: 'created' | 'accepted' | 'completed';
      readonly transaction_id: string;
      readonly contract_id: string;
    }
  | {
      readonly status: 'failed';
      readonly failure_kind: 'expired' | 'rejected' | 'withdrawn';
      readonly withdrawn_reason?: string;
    };

export type BuyTrafficRequestStatusBody =
  | { readonly status: 'created' }
  | { readonly status: 'completed'; readonly transaction_id: string }
  | {
      readonly status: 'failed';
      readonly failure_reason: 'expired' | 'rejected';
      readonly rejection_reason?: string;
    };

const text = (context: unknown, name: string): string => {
  const value = (context as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : '';
};

/** The state's name; a nested state value counts by its top-level state. */
const stateName = (detail: ActorDetail): string =>
  typeof detail.state === 'string' ? detail.state : (Object.keys(detail.state ?? {})[0] ?? '');

export function transferOfferStatusBody(detail: ActorDetail): TransferOfferStatusBody {
  if (detail.status === 'done' && detail.output != null) {
    return detail.output as TransferOfferStatusBody;
  }
  const { context } = detail;
  const accepted = stateName(detail) === 'accepted';
  return {
    status: accepted ? 'accepted' : 'created',
    transaction_id: text(context, 'transactionId'),
    contract_id: text(context, accepted ? 'acceptedContractId' : 'offerContractId'),
  };
}

export function buyTrafficRequestStatusBody(detail: ActorDetail): BuyTrafficRequestStatusBody {
  if (detail.status === 'done' && detail.output != null) {
    return detail.output as BuyTrafficRequestStatusBody;
  }
  return { status: 'created' };
}
