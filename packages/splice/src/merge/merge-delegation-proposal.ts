import type { TemplateDefinition } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceUtilTokenStandardWallet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import {
  mergeDelegationRecordType,
  mergeReferences,
  mergeTemplateId,
  unitResultType,
} from './merge-types.ts';

/**
 * Splice.Util.Token.Wallet.MergeDelegation:MergeDelegationProposal — signed by the owner at
 * onboarding; the wallet provider (operator) accepts it into a MergeDelegation.
 */
export const mergeDelegationProposal: TemplateDefinition = tiedToSplice(
  spliceUtilTokenStandardWallet['Splice.Util.Token.Wallet.MergeDelegation'].MergeDelegationProposal,
  defineTemplate({
    id: mergeTemplateId('MergeDelegationProposal'),
    fields: { delegation: mergeDelegationRecordType },
    signatories: ({ delegation }) => [delegation.owner],
    observers: ({ delegation }) => [delegation.operator],
    choices: (choice) => ({
      MergeDelegationProposal_Accept: choice({
        controllers: ({ delegation }) => [delegation.operator],
        argument: {},
        result: t.record({ mergeDelegationCid: t.contractId(mergeReferences.mergeDelegation) }),
        body: (tx, self) => ({
          mergeDelegationCid: tx.create(mergeReferences.mergeDelegation, self.payload.delegation),
        }),
      }),
      MergeDelegationProposal_Reject: choice({
        controllers: ({ delegation }) => [delegation.operator],
        argument: {},
        result: unitResultType,
        body: () => ({ result: {} }),
      }),
      MergeDelegationProposal_Withdraw: choice({
        controllers: ({ delegation }) => [delegation.owner],
        argument: {},
        result: unitResultType,
        body: () => ({ result: {} }),
      }),
    }),
  }),
  {},
);
