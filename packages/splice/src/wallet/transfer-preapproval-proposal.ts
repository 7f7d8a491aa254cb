import type { TemplateDefinition } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceWallet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { transferResultType } from '../wallet-payments/amulet-results.ts';
import {
  amuletReferences,
  paymentTransferContextType,
  transferInputType,
} from '../wallet-payments/amulet-types.ts';
import { fieldOf, readAs, textFieldOf } from '../wallet-payments/value-readers.ts';
import { walletTemplateId } from './wallet-references.ts';

/**
 * Splice.Wallet.TransferPreapproval:TransferPreapprovalProposal — a receiver asks a provider
 * (its validator operator) to create and pay for its TransferPreapproval.
 */
export const transferPreapprovalProposal: TemplateDefinition = tiedToSplice(
  spliceWallet['Splice.Wallet.TransferPreapproval'].TransferPreapprovalProposal,
  defineTemplate({
    id: walletTemplateId('TransferPreapproval', 'TransferPreapprovalProposal'),
    fields: {
      receiver: t.party(),
      provider: t.party(),
      // Optional only because it came with an upgrade; AmuletRules insists that it is set.
      expectedDso: t.optional(t.party()),
    },
    signatories: (proposal) => [proposal.receiver],
    observers: (proposal) => [proposal.provider],
    choices: (choice) => ({
      TransferPreapprovalProposal_Accept: choice({
        controllers: (proposal) => [proposal.provider],
        argument: {
          context: paymentTransferContextType,
          inputs: t.list(transferInputType),
          expiresAt: t.time(),
        },
        result: t.record({
          transferPreapprovalCid: t.contractId(amuletReferences.transferPreapproval),
          transferResult: transferResultType,
          amuletPaid: t.numeric(10),
        }),
        body: (tx, self, { context, inputs, expiresAt }) => {
          const { receiver, provider, expectedDso } = self.payload;
          const result = tx.exercise(
            amuletReferences.amuletRules,
            context.amuletRules,
            'AmuletRules_CreateTransferPreapproval',
            { context, inputs, receiver, provider, expiresAt, expectedDso, optCreatedAt: tx.now() },
          );
          return {
            transferPreapprovalCid: textFieldOf(result, 'transferPreapprovalCid'),
            transferResult: readAs(
              transferResultType,
              fieldOf(result, 'transferResult'),
              'AmuletRules_CreateTransferPreapproval',
            ),
            amuletPaid: textFieldOf(result, 'amuletPaid'),
          };
        },
      }),
    }),
  }),
  {},
);
