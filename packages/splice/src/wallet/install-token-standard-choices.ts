import { defineChoice, t } from '@pocketnet/ledger';
import { extraArgsType } from '../token-standard/metadata-v1.ts';
import {
  transferFactoryInterfaceId,
  transferInstructionInterfaceId,
  transferInstructionResultType,
  transferSpecificationType,
} from '../token-standard/transfer-instruction-types.ts';
import type { ChoicesNamedAs } from '../vocabulary/named-as-splice.ts';
import type { spliceWallet } from '../vocabulary/splice-vocabulary.generated.ts';
import { readAs } from '../wallet-payments/value-readers.ts';
import { byValidator } from './install-offer-choices.ts';

// WalletAppInstall's proxies of the token-standard transfer choices: the wallet backend
// exercises them for its end user, with the user's authority from the install.

const instructionCid = t.contractId(transferInstructionInterfaceId);

function instructionChoice(
  choice: string,
  argumentName: 'acceptArg' | 'rejectArg' | 'withdrawArg',
) {
  return defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: {
      transferInstructionCid: instructionCid,
      [argumentName]: t.record({ extraArgs: extraArgsType }),
    },
    result: transferInstructionResultType,
    body: (tx, _self, argument) => {
      const { transferInstructionCid } = argument;
      const choiceArgument = argument[argumentName];
      const result = tx.exercise(
        transferInstructionInterfaceId,
        transferInstructionCid,
        choice,
        choiceArgument,
      );
      return readAs(transferInstructionResultType, result, choice);
    },
  });
}

/** Token-standard choices the validator exercises for its end user (the wallet backend). */
export const installTokenStandardChoices = {
  WalletAppInstall_TransferFactory_Transfer: defineChoice({
    controllers: byValidator,
    consuming: false,
    argument: {
      transferFactoryCid: t.contractId(transferFactoryInterfaceId),
      transferArg: t.record({
        expectedAdmin: t.party(),
        transfer: transferSpecificationType,
        extraArgs: extraArgsType,
      }),
    },
    result: transferInstructionResultType,
    body: (tx, _self, { transferFactoryCid, transferArg }) => {
      const choice = 'TransferFactory_Transfer';
      const result = tx.exercise(
        transferFactoryInterfaceId,
        transferFactoryCid,
        choice,
        transferArg,
      );
      return readAs(transferInstructionResultType, result, choice);
    },
  }),
  WalletAppInstall_TransferInstruction_Accept: instructionChoice(
    'TransferInstruction_Accept',
    'acceptArg',
  ),
  WalletAppInstall_TransferInstruction_Reject: instructionChoice(
    'TransferInstruction_Reject',
    'rejectArg',
  ),
  WalletAppInstall_TransferInstruction_Withdraw: instructionChoice(
    'TransferInstruction_Withdraw',
    'withdrawArg',
  ),
} satisfies ChoicesNamedAs<(typeof spliceWallet)['Splice.Wallet.Install']['WalletAppInstall']>;
