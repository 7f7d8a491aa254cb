import type { Caller } from '../services/caller.ts';

// Where transfer offers and traffic requests are, read from their workflow actors: a running
// actor answers from its state and context, an ended one with its output. The gateway renders
// them as the wallet-external API's status bodies.

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

export type TransferOfferStatus =
  | {
      readonly status: 'created' | 'accepted' | 'completed';
      readonly transactionId: string;
      readonly contractId: string;
    }
  | {
      readonly status: 'failed';
      readonly failureKind: 'expired' | 'rejected' | 'withdrawn';
      readonly withdrawnReason?: string;
    };

export type BuyTrafficRequestStatus =
  | { readonly status: 'created' }
  | { readonly status: 'completed'; readonly transactionId: string }
  | {
      readonly status: 'failed';
      readonly failureReason: 'expired' | 'rejected';
      readonly rejectionReason?: string;
    };

const text = (context: unknown, name: string): string => {
  const value = (context as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : '';
};

/** The innermost state's name, dotted (`open.accepted`) or as XState's value. */
const innermost = (state: unknown): string => {
  if (typeof state === 'string') return state.split('.').at(-1) ?? '';
  return typeof state === 'object' && state !== null ? innermost(Object.values(state)[0]) : '';
};

export function transferOfferStatusOf(detail: ActorDetail): TransferOfferStatus {
  if (detail.status === 'done' && detail.output != null) {
    return detail.output as TransferOfferStatus;
  }
  const { context } = detail;
  const accepted = innermost(detail.state) === 'accepted';
  return {
    status: accepted ? 'accepted' : 'created',
    transactionId: text(context, 'transactionId'),
    contractId: text(context, accepted ? 'acceptedContractId' : 'offerContractId'),
  };
}

export function buyTrafficRequestStatusOf(detail: ActorDetail): BuyTrafficRequestStatus {
  if (detail.status === 'done' && detail.output != null) {
    return detail.output as BuyTrafficRequestStatus;
  }
  return { status: 'created' };
}
