import type { Value } from '@pocketnet/ledger';
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

const instructionArgument = t.record({ extraArgs: extraArgsType });

function instructionChoice<TName extends 'acceptArg' | 'rejectArg' | 'withdrawArg'>(
  choice: string,
  argumentName: TName,
) {
  // A computed key widens to an index signature: the cast names the one field it is.
  const argument = {
    transferInstructionCid: instructionCid,
    [argumentName]: instructionArgument,
  } as { readonly transferInstructionCid: typeof instructionCid } & {
    readonly [K in TName]: typeof instructionArgument;
  };
  return defineChoice({
    controllers: byValidator,
    consuming: false,
    argument,
    result: transferInstructionResultType,
    body: (tx, _self, given) => {
      // Generic in the field's name, so read through the erased form.
      const erased = given as unknown as Readonly<Record<string, Value>>;
      const transferInstructionCid = String(erased['transferInstructionCid']);
      const choiceArgument = erased[argumentName] ?? null;
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
