import { assertEvent, assign, setup } from 'xstate';
import { withContract } from './machine-time.ts';

// A wallet user's onboarding on this validator: the user exists (requested), a party is hosted
// for it with act-as rights (party allocated), its WalletAppInstall and ValidatorRight are
// created (wallet installed), and it signs its MergeDelegationProposal (onboarded). The
// validator operator's own wallet needs no delegation: its install completes the onboarding.

export type UserOnboardingInput = {
  readonly at: string;
  readonly userId: string;
  readonly identityProviderId: string;
};

export type OnboardingCompletion = 'mergeDelegationProposal' | 'validatorOperator';

export type UserOnboardingContext = {
  readonly userId: string;
  readonly identityProviderId: string;
  readonly party: string | null;
  readonly validatorParty: string | null;
  readonly transactionId: string | null;
  readonly installContractId: string | null;
  readonly completedBy: OnboardingCompletion | null;
  readonly contractIds: readonly string[];
  readonly parties: readonly string[];
};

type Step = { readonly at: string; readonly transactionId: string | null };

export type UserOnboardingEvent =
  | (Step & { readonly type: 'onboarding.partyAllocated'; readonly party: string })
  | (Step & {
      readonly type: 'onboarding.walletInstalled';
      readonly party: string;
      readonly validatorParty: string;
      readonly installContractId: string;
    })
  | (Step & { readonly type: 'onboarding.validatorRightCreated'; readonly contractId: string })
  | (Step & {
      readonly type: 'onboarding.completed';
      readonly completedBy: OnboardingCompletion;
      readonly contractId: string | null;
    });

export type UserOnboardingOutput = {
  readonly userId: string;
  readonly party: string | null;
  readonly completedBy: OnboardingCompletion | null;
};

export const userOnboardingMachine = setup({
  types: {
    context: {} as UserOnboardingContext,
    events: {} as UserOnboardingEvent,
    input: {} as UserOnboardingInput,
    output: {} as UserOnboardingOutput,
  },
  actions: {
    recordParty: assign(({ event }) => {
      assertEvent(event, 'onboarding.partyAllocated');
      return { party: event.party, transactionId: event.transactionId, parties: [event.party] };
    }),
    recordInstall: assign(({ context, event }) => {
      assertEvent(event, 'onboarding.walletInstalled');
      const parties = [event.party, event.validatorParty].filter(
        (party, index, all) => all.indexOf(party) === index,
      );
      return {
        party: event.party,
        validatorParty: event.validatorParty,
        installContractId: event.installContractId,
        transactionId: event.transactionId,
        contractIds: withContract(context.contractIds, event.installContractId),
        parties,
      };
    }),
    recordContract: assign(({ context, event }) => {
      assertEvent(event, ['onboarding.validatorRightCreated', 'onboarding.completed']);
      return { contractIds: withContract(context.contractIds, event.contractId) };
    }),
    recordCompletion: assign(({ event }) => {
      assertEvent(event, 'onboarding.completed');
      return { completedBy: event.completedBy, transactionId: event.transactionId };
    }),
  },
}).createMachine({
  id: 'user-onboarding',
  description: 'A wallet user onboarding: party, wallet install, merge delegation proposal',
  initial: 'open',
  context: ({ input }) => ({
    userId: input.userId,
    identityProviderId: input.identityProviderId,
    party: null,
    validatorParty: null,
    transactionId: null,
    installContractId: null,
    completedBy: null,
    contractIds: [],
    parties: [],
  }),
  output: ({ context }) => ({
    userId: context.userId,
    party: context.party,
    completedBy: context.completedBy,
  }),
  on: { 'onboarding.validatorRightCreated': { actions: 'recordContract' } },
  states: {
    open: {
      description: 'Wallet not installed yet: its install may come before the party is seen',
      initial: 'requested',
      on: {
        'onboarding.walletInstalled': { target: 'walletInstalled', actions: 'recordInstall' },
      },
      states: {
        requested: {
          description: 'The user exists; no party is hosted for it yet',
          on: { 'onboarding.partyAllocated': { target: 'partyAllocated', actions: 'recordParty' } },
        },
        partyAllocated: { description: 'A party is hosted for the user, who can act as it' },
      },
    },
    walletInstalled: {
      description: 'WalletAppInstall and ValidatorRight exist for the user’s party',
      on: {
        'onboarding.completed': {
          target: 'onboarded',
          actions: ['recordContract', 'recordCompletion'],
        },
      },
    },
    onboarded: { type: 'final', description: 'The user signed its MergeDelegationProposal' },
  },
});
