import { assertEvent, assign, setup } from 'xstate';
import { withContract } from './machine-time.ts';

// An owner's MergeDelegation (Splice.Util.Token.Wallet.MergeDelegation): proposed by the owner,
// accepted by the operator (its wallet provider), then active; each merge the operator runs
// (MergeDelegation_Merge, batched by BatchMergeUtility_BatchMerge) passes through merging.
// Either side can end it. A delegation created directly starts active.

export type MergeDelegationInput = {
  readonly at: string;
  readonly contractId: string;
  readonly transactionId: string | null;
  readonly owner: string;
  readonly operator: string;
  /** 'delegation' when the workflow starts with the MergeDelegation itself. */
  readonly startsWith: 'proposal' | 'delegation';
};

export type MergeDelegationContext = {
  readonly owner: string;
  readonly operator: string;
  readonly transactionId: string | null;
  readonly proposalContractId: string | null;
  readonly delegationContractId: string | null;
  readonly merges: number;
  readonly lastMergeTransactionId: string | null;
  readonly end: 'withdrawn' | 'rejected' | null;
  readonly contractIds: readonly string[];
  readonly parties: readonly string[];
};

type Step = { readonly at: string; readonly transactionId: string | null };

export type MergeDelegationEvent =
  | (Step & { readonly type: 'delegation.accepted'; readonly delegationContractId: string })
  | (Step & { readonly type: 'delegation.mergeStarted' | 'delegation.merged' })
  | (Step & { readonly type: 'delegation.rejected' | 'delegation.withdrawn' });

export type MergeDelegationOutput = {
  readonly status: 'withdrawn' | 'rejected';
  readonly merges: number;
};

export const isDelegationCreatedDirectly = (context: MergeDelegationContext) =>
  context.proposalContractId === null;

export const mergeDelegationMachine = setup({
  types: {
    context: {} as MergeDelegationContext,
    events: {} as MergeDelegationEvent,
    input: {} as MergeDelegationInput,
    output: {} as MergeDelegationOutput,
  },
  actions: {
    recordDelegation: assign(({ context, event }) => {
      assertEvent(event, 'delegation.accepted');
      return {
        delegationContractId: event.delegationContractId,
        transactionId: event.transactionId,
        contractIds: withContract(context.contractIds, event.delegationContractId),
      };
    }),
    recordMerge: assign(({ context, event }) => {
      assertEvent(event, 'delegation.merged');
      return { merges: context.merges + 1, lastMergeTransactionId: event.transactionId };
    }),
    recordEnd: assign(({ event }, params: { end: 'withdrawn' | 'rejected' }) => ({
      end: params.end,
      transactionId: event.transactionId,
    })),
  },
  guards: { isCreatedDirectly: ({ context }) => isDelegationCreatedDirectly(context) },
}).createMachine({
  id: 'merge-delegation',
  description: 'A merge delegation: the operator merges the owner’s holdings in batches',
  initial: 'open',
  context: ({ input }) => ({
    owner: input.owner,
    operator: input.operator,
    transactionId: input.transactionId,
    proposalContractId: input.startsWith === 'proposal' ? input.contractId : null,
    delegationContractId: input.startsWith === 'delegation' ? input.contractId : null,
    merges: 0,
    lastMergeTransactionId: null,
    end: null,
    contractIds: [input.contractId],
    parties: [input.owner, input.operator],
  }),
  output: ({ context }) => ({ status: context.end ?? 'withdrawn', merges: context.merges }),
  states: {
    open: {
      description: 'Proposed or in force: either party may end it between merges',
      initial: 'proposal',
      on: {
        'delegation.rejected': {
          target: 'rejected',
          actions: { type: 'recordEnd', params: { end: 'rejected' } },
        },
        'delegation.withdrawn': {
          target: 'withdrawn',
          actions: { type: 'recordEnd', params: { end: 'withdrawn' } },
        },
      },
      states: {
        proposal: {
          description: 'MergeDelegationProposal: signed by the owner, waiting for the operator',
          always: { guard: 'isCreatedDirectly', target: 'active' },
          on: { 'delegation.accepted': { target: 'active', actions: 'recordDelegation' } },
        },
        active: {
          description: 'MergeDelegation: the operator may merge the owner’s holdings',
          on: { 'delegation.mergeStarted': '#merge-delegation.merging' },
        },
      },
    },
    merging: {
      description: 'A MergeDelegation_Merge of a batch is running',
      on: { 'delegation.merged': { target: 'open.active', actions: 'recordMerge' } },
    },
    withdrawn: { type: 'final', description: 'The owner withdrew the proposal or delegation' },
    rejected: { type: 'final', description: 'The operator rejected the proposal or delegation' },
  },
});
