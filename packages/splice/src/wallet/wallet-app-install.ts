import type { TemplateDefinition } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import type { ChoicesNamedAs } from '../vocabulary/named-as-splice.ts';
import { spliceWallet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { paymentTransferContextType, transferInputType } from '../wallet-payments/amulet-types.ts';
import { amuletOperationOutcomeType, amuletOperationType } from './amulet-operations.ts';
import { executeAmuletOperations } from './execute-batch.ts';
import { installOfferChoices } from './install-offer-choices.ts';
import {
  installFeaturedAppChoices,
  installPaymentChoices,
  installTrafficChoices,
} from './install-other-choices.ts';
import { installTokenStandardChoices } from './install-token-standard-choices.ts';
import { walletTemplateId } from './wallet-references.ts';

/**
 * Splice.Wallet.Install:WalletAppInstall — an end user's wallet on a validator. Signed by the
 * user and the validator operator, it lets the operator's wallet backend act for the user:
 * every wallet action is one of its choices, controlled by the validator.
 */
export const walletAppInstall: TemplateDefinition = tiedToSplice(
  spliceWallet['Splice.Wallet.Install'].WalletAppInstall,
  defineTemplate({
    id: walletTemplateId('Install', 'WalletAppInstall'),
    fields: {
      dsoParty: t.party(),
      validatorParty: t.party(),
      endUserName: t.text(),
      endUserParty: t.party(),
    },
    signatories: (install) => [install.endUserParty, install.validatorParty],
    choices: (choice) =>
      ({
        WalletAppInstall_ExecuteBatch: choice({
          controllers: (install) => [install.validatorParty],
          consuming: false,
          argument: {
            context: paymentTransferContextType,
            inputs: t.list(transferInputType),
            operations: t.list(amuletOperationType),
          },
          result: t.record({
            endUserName: t.text(),
            outcomes: t.list(amuletOperationOutcomeType),
            optEndUserParty: t.optional(t.party()),
          }),
          body: (tx, self, { context, inputs, operations }) => {
            const install = self.payload;
            const executionContext = {
              tx,
              dso: install.dsoParty,
              endUser: install.endUserParty,
              validator: install.validatorParty,
              paymentContext: context,
            };
            return {
              endUserName: install.endUserName,
              outcomes: executeAmuletOperations(executionContext, inputs, operations),
              optEndUserParty: install.endUserParty,
            };
          },
        }),
        ...installOfferChoices,
        ...installPaymentChoices,
        ...installTrafficChoices,
        ...installFeaturedAppChoices,
        ...installTokenStandardChoices,
      }) satisfies ChoicesNamedAs<
        (typeof spliceWallet)['Splice.Wallet.Install']['WalletAppInstall']
      >,
  }),
  {
    lacks: {
      WalletAppInstall_AllocationFactory_Allocate:
        "the wallet allocates through the token standard's AllocationFactory directly",
      WalletAppInstall_Allocation_Withdraw:
        "the wallet withdraws through the token standard's Allocation interface directly",
    },
    differs: {},
  },
);
