import type { Infer } from '@pocketnet/ledger';
import { defineInterface, t } from '@pocketnet/ledger';
import { spliceApiTokenAllocationInstructionV1 } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedInterfaceToSplice } from '../vocabulary/tied-to-splice.ts';
import { allocationInterfaceId, allocationSpecificationType } from './allocation-v1.ts';
import { holdingInterfaceId } from './holding-v1.ts';
import { extraArgsType, metadataType } from './metadata-v1.ts';
import { optionalType } from './optional-type.ts';

// `splice-api-token-allocation-instruction-v1`, module Splice.Api.Token.AllocationInstructionV1:
// how a wallet asks a registry to create an allocation.

export const allocationInstructionPackageName = 'splice-api-token-allocation-instruction-v1';
const moduleName = 'Splice.Api.Token.AllocationInstructionV1';
const id = (entity: string) => ({
  packageName: allocationInstructionPackageName,
  module: moduleName,
  entity,
});
const instructionInterfaceId = `#${allocationInstructionPackageName}:${moduleName}:AllocationInstruction`;
const holdingCids = t.list(t.contractId(holdingInterfaceId));

export const allocationInstructionOutputType = t.variant(
  {
    AllocationInstructionResult_Pending: t.record(
      { allocationInstructionCid: t.contractId(instructionInterfaceId) },
      `${moduleName}:AllocationInstructionResult_Output.AllocationInstructionResult_Pending`,
    ),
    AllocationInstructionResult_Completed: t.record(
      { allocationCid: t.contractId(allocationInterfaceId) },
      `${moduleName}:AllocationInstructionResult_Output.AllocationInstructionResult_Completed`,
    ),
    AllocationInstructionResult_Failed: t.unit(),
  },
  `${moduleName}:AllocationInstructionResult_Output`,
);

export const allocationInstructionResultType = t.record(
  { output: allocationInstructionOutputType, senderChangeCids: holdingCids, meta: metadataType },
  `${moduleName}:AllocationInstructionResult`,
);

export const allocationInstructionViewType = t.record(
  {
    originalInstructionCid: optionalType(t.contractId(instructionInterfaceId)),
    allocation: allocationSpecificationType,
    pendingActions: t.genMap(t.party(), t.text()),
    requestedAt: t.time(),
    inputHoldingCids: holdingCids,
    meta: metadataType,
  },
  `${moduleName}:AllocationInstructionView`,
);

export const allocationFactoryViewType = t.record(
  { admin: t.party(), meta: metadataType },
  `${moduleName}:AllocationFactoryView`,
);

export type AllocationInstructionResult = Infer<typeof allocationInstructionResultType>;

export const allocationInstructionInterface = tiedInterfaceToSplice(
  spliceApiTokenAllocationInstructionV1['Splice.Api.Token.AllocationInstructionV1']
    .AllocationInstruction,
  defineInterface({
    id: id('AllocationInstruction'),
    view: allocationInstructionViewType,
    choices: (choice) => ({
      AllocationInstruction_Withdraw: choice({
        controllers: (view) => [view.allocation.transferLeg.sender],
        argument: { extraArgs: extraArgsType },
        result: allocationInstructionResultType,
      }),
      AllocationInstruction_Update: choice({
        controllers: (view, argument) => [
          view.allocation.transferLeg.instrumentId.admin,
          ...argument.extraActors,
        ],
        argument: { extraActors: t.list(t.party()), extraArgs: extraArgsType },
        result: allocationInstructionResultType,
      }),
    }),
  }),
  {},
);

export const allocationFactoryInterface = tiedInterfaceToSplice(
  spliceApiTokenAllocationInstructionV1['Splice.Api.Token.AllocationInstructionV1']
    .AllocationFactory,
  defineInterface({
    id: id('AllocationFactory'),
    view: allocationFactoryViewType,
    choices: (choice) => ({
      AllocationFactory_Allocate: choice({
        controllers: (_view, argument) => [argument.allocation.transferLeg.sender],
        consuming: false,
        argument: {
          expectedAdmin: t.party(),
          allocation: allocationSpecificationType,
          requestedAt: t.time(),
          inputHoldingCids: holdingCids,
          extraArgs: extraArgsType,
        },
        result: allocationInstructionResultType,
      }),
      AllocationFactory_PublicFetch: choice({
        controllers: (_view, argument) => [argument.actor],
        consuming: false,
        argument: { expectedAdmin: t.party(), actor: t.party() },
        result: allocationFactoryViewType,
      }),
    }),
  }),
  {},
);
