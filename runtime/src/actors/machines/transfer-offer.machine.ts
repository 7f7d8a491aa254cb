import { assertEvent, assign, emit, setup } from 'xstate';
import { untilExpiry, withContract } from './machine-time.ts';

// The legacy wallet transfer (Splice.Wallet.TransferOffer): the receiver accepts the offer, the
// sender's wallet automation completes the AcceptedTransferOffer. The final output is how it
// ended, which the wallet-external API renders as its GetTransferOfferStatusResponse.

export type TransferOfferFailure = 'expired' | 'rejected' | 'withdrawn';

export type TransferOfferInput = {
  readonly at: string;
  readonly contractId: string;
  readonly transactionId: string | null;
  readonly sender: string;
  readonly receiver: string;
  readonly dso: string;
  readonly amount: string;
  readonly unit: string;
  readonly description: string;
  readonly expiresAt: string;
  readonly trackingId: string;
};

export type TransferOfferContext = Omit<TransferOfferInput, 'at' | 'contractId'> & {
  readonly offerContractId: string;
  readonly acceptedContractId: string | null;
  readonly receiverAmuletContractId: string | null;
  readonly failureKind: TransferOfferFailure | null;
  readonly withdrawnReason: string | null;
  readonly contractIds: readonly string[];
  readonly parties: readonly string[];
};

type Step = { readonly at: string; readonly transactionId: string | null };

export type TransferOfferEvent =
  | (Step & { readonly type: 'offer.accepted'; readonly acceptedContractId: string })
  | (Step & { readonly type: 'offer.completed'; readonly receiverAmuletContractId: string })
  | (Step & { readonly type: 'offer.rejected'; readonly reason: string | null })
  | (Step & { readonly type: 'offer.withdrawn'; readonly reason: string | null })
  | (Step & { readonly type: 'offer.expired' });

export type TransferOfferEmitted =
  | { readonly type: 'offer.completionRequested'; readonly contractId: string | null }
  | { readonly type: 'offer.expiryDue'; readonly contractId: string };

export type TransferOfferOutput =
  | { readonly status: 'completed'; readonly transactionId: string; readonly contractId: string }
  | {
      readonly status: 'failed';
      readonly failureKind: TransferOfferFailure;
      readonly withdrawnReason?: string;
    };

/** How an offer that has ended, ended. */
export function transferOfferOutcome(context: TransferOfferContext): TransferOfferOutput {
  if (context.failureKind === null) {
    return {
      status: 'completed',
      transactionId: context.transactionId ?? '',
      contractId: context.receiverAmuletContractId ?? '',
    };
  }
  const reason = context.failureKind === 'withdrawn' ? context.withdrawnReason : null;
  return reason === null
    ? { status: 'failed', failureKind: context.failureKind }
    : { status: 'failed', failureKind: context.failureKind, withdrawnReason: reason };
}

const currentContract = (context: TransferOfferContext) =>
  context.acceptedContractId ?? context.offerContractId;

export const transferOfferMachine = setup({
  types: {
    context: {} as TransferOfferContext,
    events: {} as TransferOfferEvent,
    input: {} as TransferOfferInput,
    output: {} as TransferOfferOutput,
    emitted: {} as TransferOfferEmitted,
  },
  actions: {
    recordAcceptance: assign(({ context, event }) => {
      assertEvent(event, 'offer.accepted');
      return {
        acceptedContractId: event.acceptedContractId,
        transactionId: event.transactionId,
        contractIds: withContract(context.contractIds, event.acceptedContractId),
      };
    }),
    recordCompletion: assign(({ context, event }) => {
      assertEvent(event, 'offer.completed');
      return {
        receiverAmuletContractId: event.receiverAmuletContractId,
        transactionId: event.transactionId,
        contractIds: withContract(context.contractIds, event.receiverAmuletContractId),
      };
    }),
    recordFailure: assign(({ event }, params: { kind: TransferOfferFailure }) => ({
      failureKind: params.kind,
      withdrawnReason: 'reason' in event ? event.reason : null,
      transactionId: 'transactionId' in event ? event.transactionId : null,
    })),
    requestCompletion: emit(({ context }) => ({
      type: 'offer.completionRequested' as const,
      contractId: context.acceptedContractId,
    })),
    requestExpiry: emit(({ context }) => ({
      type: 'offer.expiryDue' as const,
      contractId: currentContract(context),
    })),
  },
  delays: { expiry: untilExpiry },
}).createMachine({
  id: 'transfer-offer',
  description: 'A legacy wallet transfer offer: accepted by the receiver, completed by the wallet',
  initial: 'open',
  context: ({ input }) => ({
    sender: input.sender,
    receiver: input.receiver,
    dso: input.dso,
    amount: input.amount,
    unit: input.unit,
    description: input.description,
    expiresAt: input.expiresAt,
    trackingId: input.trackingId,
    transactionId: input.transactionId,
    offerContractId: input.contractId,
    acceptedContractId: null,
    receiverAmuletContractId: null,
    failureKind: null,
    withdrawnReason: null,
    contractIds: [input.contractId],
    parties: [input.sender, input.receiver],
  }),
  output: ({ context }) => transferOfferOutcome(context),
  states: {
    open: {
      description: 'Until it is completed, either party may end the offer, and it may expire',
      initial: 'created',
      after: {
        expiry: {
          target: 'expired',
          actions: [{ type: 'recordFailure', params: { kind: 'expired' } }, 'requestExpiry'],
        },
      },
      on: {
        'offer.rejected': {
          target: 'rejected',
          actions: { type: 'recordFailure', params: { kind: 'rejected' } },
        },
        'offer.withdrawn': {
          target: 'withdrawn',
          actions: { type: 'recordFailure', params: { kind: 'withdrawn' } },
        },
        'offer.expired': {
          target: 'expired',
          actions: { type: 'recordFailure', params: { kind: 'expired' } },
        },
      },
      states: {
        created: {
          description: 'TransferOffer: waiting for the receiver to accept',
          on: {
            'offer.accepted': {
              target: 'accepted',
              actions: ['recordAcceptance', 'requestCompletion'],
            },
          },
        },
        accepted: {
          description: 'AcceptedTransferOffer: waiting for the sender’s wallet to complete it',
          on: {
            'offer.completed': {
              target: '#transfer-offer.completed',
              actions: 'recordCompletion',
            },
          },
        },
      },
    },
    completed: { type: 'final', description: 'The receiver got the amulet' },
    rejected: { type: 'final', description: 'The receiver rejected the offer or its acceptance' },
    withdrawn: { type: 'final', description: 'The sender withdrew the offer' },
    expired: { type: 'final', description: 'The offer expired before it was completed' },
  },
});
