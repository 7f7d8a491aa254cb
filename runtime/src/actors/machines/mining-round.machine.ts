import { assign, setup } from 'xstate';
import { withContract } from './machine-time.ts';

// One mining round through its four contracts (Splice.Round): OpenMiningRound, then
// SummarizingMiningRound, IssuingMiningRound and ClosedMiningRound, which share the round
// number, until the closed round is archived.

export type MiningRoundInput = {
  readonly at: string;
  readonly contractId: string;
  readonly transactionId: string | null;
  readonly round: string;
  readonly dso: string;
  readonly opensAt: string;
  readonly targetClosesAt: string;
  readonly amuletPrice: string;
};

export type MiningRoundContext = Omit<MiningRoundInput, 'at' | 'contractId'> & {
  /** The contract of the round's current phase. */
  readonly currentContractId: string;
  readonly contractIds: readonly string[];
  readonly parties: readonly string[];
};

type Phase = {
  readonly at: string;
  readonly transactionId: string | null;
  readonly contractId: string;
};

export type MiningRoundEvent =
  | (Phase & { readonly type: 'round.summarizing' | 'round.issuing' | 'round.closed' })
  | (Phase & { readonly type: 'round.archived' });

export type MiningRoundOutput = { readonly round: string; readonly closedContractId: string };

export const miningRoundMachine = setup({
  types: {
    context: {} as MiningRoundContext,
    events: {} as MiningRoundEvent,
    input: {} as MiningRoundInput,
    output: {} as MiningRoundOutput,
  },
  actions: {
    recordPhase: assign(({ context, event }) => ({
      currentContractId: event.contractId,
      transactionId: event.transactionId,
      contractIds: withContract(context.contractIds, event.contractId),
    })),
  },
}).createMachine({
  id: 'mining-round',
  description: 'A mining round: open for transfers, summarized, issuing rewards, closed',
  initial: 'open',
  context: ({ input }) => ({
    transactionId: input.transactionId,
    round: input.round,
    dso: input.dso,
    opensAt: input.opensAt,
    targetClosesAt: input.targetClosesAt,
    amuletPrice: input.amuletPrice,
    currentContractId: input.contractId,
    contractIds: [input.contractId],
    parties: [input.dso],
  }),
  output: ({ context }) => ({ round: context.round, closedContractId: context.currentContractId }),
  states: {
    open: {
      description: 'OpenMiningRound: transfers use it once opensAt has passed',
      on: { 'round.summarizing': { target: 'summarizing', actions: 'recordPhase' } },
    },
    summarizing: {
      description: 'SummarizingMiningRound: the SVs total the round’s activity',
      on: { 'round.issuing': { target: 'issuing', actions: 'recordPhase' } },
    },
    issuing: {
      description: 'IssuingMiningRound: reward coupons of the round can be minted',
      on: { 'round.closed': { target: 'closed', actions: 'recordPhase' } },
    },
    closed: {
      description: 'ClosedMiningRound: unclaimed rewards are collected',
      on: { 'round.archived': { target: 'archived', actions: 'recordPhase' } },
    },
    archived: { type: 'final', description: 'The closed round was archived' },
  },
});
