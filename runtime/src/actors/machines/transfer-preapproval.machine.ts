import { assertEvent, assign, emit, setup } from 'xstate';
import { untilExpiry, withContract } from './machine-time.ts';

// A receiver's TransferPreapproval: proposed by the receiver (TransferPreapprovalProposal),
// active once its provider accepted and paid for it, renewed by the provider before it expires,
// and ended by expiry or cancellation. A preapproval created directly starts active.

export type TransferPreapprovalInput = {
  readonly at: string;
  readonly contractId: string;
  readonly transactionId: string | null;
  readonly receiver: string;
  readonly provider: string;
  readonly dso: string | null;
  /** Set when the workflow starts with the TransferPreapproval itself (no proposal). */
  readonly expiresAt: string | null;
};

export type TransferPreapprovalContext = {
  readonly receiver: string;
  readonly provider: string;
  readonly dso: string | null;
  readonly transactionId: string | null;
  readonly proposalContractId: string | null;
  readonly preapprovalContractId: string | null;
  /** '' while only proposed. */
  readonly expiresAt: string;
  readonly renewals: number;
  readonly end: 'expired' | 'cancelled' | null;
  readonly contractIds: readonly string[];
  readonly parties: readonly string[];
};

type Step = { readonly at: string; readonly transactionId: string | null };

export type TransferPreapprovalEvent =
  | (Step & {
      readonly type: 'preapproval.accepted' | 'preapproval.renewed';
      readonly preapprovalContractId: string;
      readonly expiresAt: string;
    })
  | (Step & { readonly type: 'preapproval.cancelled' | 'preapproval.expired' });

export type TransferPreapprovalEmitted = {
  readonly type: 'preapproval.expiryDue';
  readonly contractId: string | null;
};

export type TransferPreapprovalOutput = {
  readonly status: 'expired' | 'cancelled';
  readonly preapprovalContractId: string | null;
  readonly renewals: number;
};

/** A workflow that begins with the TransferPreapproval has no proposal to wait for. */
export const isCreatedDirectly = (context: TransferPreapprovalContext) =>
  context.proposalContractId === null;

export const transferPreapprovalMachine = setup({
  types: {
    context: {} as TransferPreapprovalContext,
    events: {} as TransferPreapprovalEvent,
    input: {} as TransferPreapprovalInput,
    output: {} as TransferPreapprovalOutput,
    emitted: {} as TransferPreapprovalEmitted,
  },
  actions: {
    recordPreapproval: assign(({ context, event }) => {
      assertEvent(event, ['preapproval.accepted', 'preapproval.renewed']);
      return {
        preapprovalContractId: event.preapprovalContractId,
        expiresAt: event.expiresAt,
        transactionId: event.transactionId,
        renewals: context.renewals + (event.type === 'preapproval.renewed' ? 1 : 0),
        contractIds: withContract(context.contractIds, event.preapprovalContractId),
      };
    }),
    recordEnd: assign(({ event }, params: { end: 'expired' | 'cancelled' }) => ({
      end: params.end,
      transactionId: 'transactionId' in event ? event.transactionId : null,
    })),
    requestExpiry: emit(({ context }) => ({
      type: 'preapproval.expiryDue' as const,
      contractId: context.preapprovalContractId,
    })),
  },
  guards: { isCreatedDirectly: ({ context }) => isCreatedDirectly(context) },
  delays: { expiry: untilExpiry },
}).createMachine({
  id: 'transfer-preapproval',
  description: 'A TransferPreapproval: proposed, paid by its provider, renewed, then ended',
  initial: 'open',
  context: ({ input }) => ({
    receiver: input.receiver,
    provider: input.provider,
    dso: input.dso,
    transactionId: input.transactionId,
    proposalContractId: input.expiresAt === null ? input.contractId : null,
    preapprovalContractId: input.expiresAt === null ? null : input.contractId,
    expiresAt: input.expiresAt ?? '',
    renewals: 0,
    end: null,
    contractIds: [input.contractId],
    parties: [input.receiver, input.provider, ...(input.dso === null ? [] : [input.dso])],
  }),
  output: ({ context }) => ({
    status: context.end ?? 'expired',
    preapprovalContractId: context.preapprovalContractId,
    renewals: context.renewals,
  }),
  states: {
    open: {
      description: 'Proposed or in force: the receiver or the provider may cancel it',
      initial: 'proposed',
      on: {
        'preapproval.cancelled': {
          target: 'cancelled',
          actions: { type: 'recordEnd', params: { end: 'cancelled' } },
        },
      },
      states: {
        proposed: {
          description: 'TransferPreapprovalProposal: waiting for the provider to accept and pay',
          always: { guard: 'isCreatedDirectly', target: 'active' },
          on: { 'preapproval.accepted': { target: 'active', actions: 'recordPreapproval' } },
        },
        active: {
          description: 'TransferPreapproval: anyone can transfer to the receiver in one step',
          initial: 'paid',
          after: {
            expiry: {
              target: '#transfer-preapproval.expired',
              actions: [{ type: 'recordEnd', params: { end: 'expired' } }, 'requestExpiry'],
            },
          },
          on: {
            'preapproval.renewed': {
              target: '.renewed',
              reenter: true,
              actions: 'recordPreapproval',
            },
            'preapproval.expired': {
              target: '#transfer-preapproval.expired',
              actions: { type: 'recordEnd', params: { end: 'expired' } },
            },
          },
          states: {
            paid: { description: 'Paid until expiresAt' },
            renewed: { description: 'Renewed by the provider: paid until the new expiresAt' },
          },
        },
      },
    },
    expired: { type: 'final', description: 'expiresAt passed' },
    cancelled: { type: 'final', description: 'Cancelled by the receiver or the provider' },
  },
});
