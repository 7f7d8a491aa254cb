import type { TemplateDefinition, Typed } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceWallet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { exerciseTransfer } from '../wallet-payments/amulet-calls.ts';
import { transferResultType } from '../wallet-payments/amulet-results.ts';
import { paymentTransferContextType, transferInputType } from '../wallet-payments/amulet-types.ts';
import { assertWithinDeadline, require } from '../wallet-payments/daml-support.ts';
import { fieldOf } from '../wallet-payments/value-readers.ts';
import { walletReferences, walletTemplateId } from './wallet-references.ts';

export type MintingDelegationPayload = {
  readonly beneficiary: string;
  readonly delegate: string;
  readonly dso: string;
  readonly expiresAt: string;
  readonly amuletMergeLimit: string;
};

const mintingDelegationFields = {
  beneficiary: t.party(),
  delegate: t.party(),
  dso: t.party(),
  expiresAt: t.time(),
  amuletMergeLimit: t.int64(),
};

export const mintingDelegationRecordType: Typed<MintingDelegationPayload> = t.record(
  mintingDelegationFields,
  'Splice.Wallet.MintingDelegation:MintingDelegation',
);

/** Splice's MintingDelegation(Proposal)_Reject/_WithdrawResult: records without fields. */
const unitResult = t.record({});

/**
 * Splice.Wallet.MintingDelegation:MintingDelegation — lets a delegate (e.g. the validator of
 * an external party) mint the beneficiary's rewards into the beneficiary's own amulet.
 */
export const mintingDelegation: TemplateDefinition = tiedToSplice(
  spliceWallet['Splice.Wallet.MintingDelegation'].MintingDelegation,
  defineTemplate({
    id: walletTemplateId('MintingDelegation', 'MintingDelegation'),
    fields: mintingDelegationFields,
    signatories: (delegation) => [delegation.beneficiary, delegation.delegate],
    choices: (choice) => ({
      MintingDelegation_Mint: choice({
        controllers: (delegation) => [delegation.delegate],
        consuming: false,
        argument: { inputs: t.list(transferInputType), context: paymentTransferContextType },
        result: t.record({ transferResult: transferResultType }),
        body: (tx, self, { inputs, context }) => {
          const delegation = self.payload;
          assertWithinDeadline(tx, 'expiresAt', delegation.expiresAt);
          // No outputs: every input, rewards included, is minted into the beneficiary's change.
          const transferResult = exerciseTransfer(tx, delegation.dso, {
            amuletRules: context.amuletRules,
            transfer: {
              sender: delegation.beneficiary,
              provider: delegation.delegate,
              inputs,
              outputs: [],
              beneficiaries: null,
            },
            context: { ...context.context, featuredAppRight: null },
          });
          return { transferResult };
        },
      }),
      MintingDelegation_Reject: choice({
        controllers: (delegation) => [delegation.delegate],
        argument: {},
        result: unitResult,
        body: () => ({}),
      }),
      MintingDelegation_Withdraw: choice({
        controllers: (delegation) => [delegation.beneficiary],
        argument: {},
        result: unitResult,
        body: () => ({}),
      }),
    }),
  }),
  {
    lacks: {
      MintingDelegation_AssignAndMint:
        'needs reward-assignment-v1 coupons (RewardCouponV2 accounting), which we do not model',
    },
  },
);

/** Splice.Wallet.MintingDelegation:MintingDelegationProposal — made by the beneficiary. */
export const mintingDelegationProposal: TemplateDefinition = tiedToSplice(
  spliceWallet['Splice.Wallet.MintingDelegation'].MintingDelegationProposal,
  defineTemplate({
    id: walletTemplateId('MintingDelegation', 'MintingDelegationProposal'),
    fields: { delegation: mintingDelegationRecordType },
    signatories: ({ delegation }) => [delegation.beneficiary],
    observers: ({ delegation }) => [delegation.delegate],
    choices: (choice) => ({
      MintingDelegationProposal_Accept: choice({
        controllers: ({ delegation }) => [delegation.delegate],
        argument: {
          existingDelegationCid: t.optional(t.contractId(walletReferences.mintingDelegation)),
        },
        result: t.record({
          mintingDelegationCid: t.contractId(walletReferences.mintingDelegation),
        }),
        body: (tx, self, { existingDelegationCid }) => {
          const { delegation } = self.payload;
          if (existingDelegationCid !== null) {
            // Replacing a delegation: it must be the same beneficiary's, with the same delegate.
            const existing = tx.fetch(walletReferences.mintingDelegation, existingDelegationCid);
            require(tx, 'matching DSO party', fieldOf(existing, 'dso') === delegation.dso);
            require(tx, 'matching owner', fieldOf(existing, 'beneficiary') ===
              delegation.beneficiary);
            require(tx, 'matching delegate', fieldOf(existing, 'delegate') === delegation.delegate);
            tx.archive(walletReferences.mintingDelegation, existingDelegationCid);
          }
          return {
            mintingDelegationCid: tx.create(walletReferences.mintingDelegation, delegation),
          };
        },
      }),
      MintingDelegationProposal_Reject: choice({
        controllers: ({ delegation }) => [delegation.delegate],
        argument: {},
        result: unitResult,
        body: () => ({}),
      }),
      MintingDelegationProposal_Withdraw: choice({
        controllers: ({ delegation }) => [delegation.beneficiary],
        argument: {},
        result: unitResult,
        body: () => ({}),
      }),
    }),
  }),
  {},
);
