import { assertEvent, assign, emit, setup } from 'xstate';
import { untilExpiry, withContract } from './machine-time.ts';

// An end user's BuyTrafficRequest (Splice.Wallet.BuyTrafficRequest): the wallet automation buys
// the traffic before `expiresAt`, or it fails. The final output is how it ended, which the
// wallet-external API renders as its GetBuyTrafficRequestStatusResponse.

export type TrafficPurchaseFailure = 'expired' | 'rejected';

export type TrafficPurchaseInput = {
  readonly at: string;
  readonly contractId: string;
  readonly transactionId: string | null;
  readonly endUserParty: string;
  readonly dso: string;
  readonly expiresAt: string;
  readonly trackingId: string;
  readonly trafficAmount: string;
  readonly memberId: string;
  readonly synchronizerId: string;
};

export type TrafficPurchaseContext = Omit<TrafficPurchaseInput, 'at' | 'contractId'> & {
  readonly requestContractId: string;
  readonly purchasedTrafficContractId: string | null;
  readonly failureReason: TrafficPurchaseFailure | null;
  readonly rejectionReason: string | null;
  readonly contractIds: readonly string[];
  readonly parties: readonly string[];
};

type Step = { readonly at: string; readonly transactionId: string | null };

export type TrafficPurchaseEvent =
  | (Step & { readonly type: 'traffic.completed'; readonly purchasedTrafficContractId: string })
  | (Step & { readonly type: 'traffic.rejected'; readonly reason: string | null })
  | (Step & { readonly type: 'traffic.expired' });

export type TrafficPurchaseEmitted =
  | { readonly type: 'traffic.purchaseRequested'; readonly contractId: string }
  | { readonly type: 'traffic.expiryDue'; readonly contractId: string };

export type TrafficPurchaseOutput =
  | { readonly status: 'completed'; readonly transactionId: string }
  | {
      readonly status: 'failed';
      readonly failureReason: TrafficPurchaseFailure;
      readonly rejectionReason?: string;
    };

/** How a traffic request that has ended, ended. */
export function trafficPurchaseOutcome(context: TrafficPurchaseContext): TrafficPurchaseOutput {
  if (context.failureReason === null) {
    return { status: 'completed', transactionId: context.transactionId ?? '' };
  }
  const reason = context.failureReason === 'rejected' ? context.rejectionReason : null;
  return reason === null
    ? { status: 'failed', failureReason: context.failureReason }
    : { status: 'failed', failureReason: context.failureReason, rejectionReason: reason };
}

export const trafficPurchaseMachine = setup({
  types: {
    context: {} as TrafficPurchaseContext,
    events: {} as TrafficPurchaseEvent,
    input: {} as TrafficPurchaseInput,
    output: {} as TrafficPurchaseOutput,
    emitted: {} as TrafficPurchaseEmitted,
  },
  actions: {
    recordPurchase: assign(({ context, event }) => {
      assertEvent(event, 'traffic.completed');
      return {
        purchasedTrafficContractId: event.purchasedTrafficContractId,
        transactionId: event.transactionId,
        contractIds: withContract(context.contractIds, event.purchasedTrafficContractId),
      };
    }),
    recordFailure: assign(({ event }, params: { reason: TrafficPurchaseFailure }) => ({
      failureReason: params.reason,
      rejectionReason: 'reason' in event ? event.reason : null,
      transactionId: 'transactionId' in event ? event.transactionId : null,
    })),
    requestPurchase: emit(({ context }) => ({
      type: 'traffic.purchaseRequested' as const,
      contractId: context.requestContractId,
    })),
    requestExpiry: emit(({ context }) => ({
      type: 'traffic.expiryDue' as const,
      contractId: context.requestContractId,
    })),
  },
  delays: { expiry: untilExpiry },
}).createMachine({
  id: 'traffic-purchase',
  description: 'A request to buy synchronizer traffic, completed by the wallet automation',
  initial: 'created',
  context: ({ input }) => ({
    transactionId: input.transactionId,
    endUserParty: input.endUserParty,
    dso: input.dso,
    expiresAt: input.expiresAt,
    trackingId: input.trackingId,
    trafficAmount: input.trafficAmount,
    memberId: input.memberId,
    synchronizerId: input.synchronizerId,
    requestContractId: input.contractId,
    purchasedTrafficContractId: null,
    failureReason: null,
    rejectionReason: null,
    contractIds: [input.contractId],
    parties: [input.endUserParty],
  }),
  output: ({ context }) => trafficPurchaseOutcome(context),
  states: {
    created: {
      description: 'BuyTrafficRequest: waiting for the wallet automation to buy the traffic',
      entry: 'requestPurchase',
      after: {
        expiry: {
          target: 'expired',
          actions: [{ type: 'recordFailure', params: { reason: 'expired' } }, 'requestExpiry'],
        },
      },
      on: {
        'traffic.completed': { target: 'completed', actions: 'recordPurchase' },
        'traffic.rejected': {
          target: 'rejected',
          actions: { type: 'recordFailure', params: { reason: 'rejected' } },
        },
        'traffic.expired': {
          target: 'expired',
          actions: { type: 'recordFailure', params: { reason: 'expired' } },
        },
      },
    },
    completed: { type: 'final', description: 'The traffic was bought' },
    rejected: { type: 'final', description: 'Cancelled: the wallet automation rejected it' },
    expired: { type: 'final', description: 'Not bought before expiresAt' },
  },
});
