import { defineInterface, t } from '@pocketnet/ledger';
import { spliceApiTokenTransferInstructionV1 } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedInterfaceToSplice } from '../vocabulary/tied-to-splice.ts';
import { extraArgsType } from './metadata-v1.ts';
import {
  transferFactoryViewType,
  transferInstructionModule,
  transferInstructionPackageName,
  transferInstructionResultType,
  transferInstructionViewType,
  transferSpecificationType,
} from './transfer-instruction-types.ts';

// The interfaces of Splice.Api.Token.TransferInstructionV1. Every choice body is left to the
// registry implementing it; controllers follow the standard.

const id = (entity: string) => ({
  packageName: transferInstructionPackageName,
  module: transferInstructionModule,
  entity,
});

/** A transfer the registry has not executed yet; archived only through these choices. */
export const transferInstructionInterface = tiedInterfaceToSplice(
  spliceApiTokenTransferInstructionV1['Splice.Api.Token.TransferInstructionV1'].TransferInstruction,
  defineInterface({
    id: id('TransferInstruction'),
    view: transferInstructionViewType,
    choices: (choice) => ({
      TransferInstruction_Accept: choice({
        controllers: (view) => [view.transfer.receiver],
        argument: { extraArgs: extraArgsType },
        result: transferInstructionResultType,
      }),
      TransferInstruction_Reject: choice({
        controllers: (view) => [view.transfer.receiver],
        argument: { extraArgs: extraArgsType },
        result: transferInstructionResultType,
      }),
      TransferInstruction_Withdraw: choice({
        controllers: (view) => [view.transfer.sender],
        argument: { extraArgs: extraArgsType },
        result: transferInstructionResultType,
      }),
      /** Registry-internal steps, authorized by the instrument admin plus `extraActors`. */
      TransferInstruction_Update: choice({
        controllers: (view, argument) => [
          view.transfer.instrumentId.admin,
          ...argument.extraActors,
        ],
        argument: { extraActors: t.list(t.party()), extraArgs: extraArgsType },
        result: transferInstructionResultType,
      }),
    }),
  }),
  {},
);

/** The registry's entry point for transfers, fetched from its off-ledger API with a context. */
export const transferFactoryInterface = tiedInterfaceToSplice(
  spliceApiTokenTransferInstructionV1['Splice.Api.Token.TransferInstructionV1'].TransferFactory,
  defineInterface({
    id: id('TransferFactory'),
    view: transferFactoryViewType,
    choices: (choice) => ({
      TransferFactory_Transfer: choice({
        controllers: (_view, argument) => [argument.transfer.sender],
        consuming: false,
        argument: {
          expectedAdmin: t.party(),
          transfer: transferSpecificationType,
          extraArgs: extraArgsType,
        },
        result: transferInstructionResultType,
      }),
      TransferFactory_PublicFetch: choice({
        controllers: (_view, argument) => [argument.actor],
        consuming: false,
        argument: { expectedAdmin: t.party(), actor: t.party() },
        result: transferFactoryViewType,
      }),
    }),
  }),
  {},
);
