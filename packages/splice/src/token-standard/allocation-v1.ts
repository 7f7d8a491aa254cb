import type { Infer } from '@pocketnet/ledger';
import { defineInterface, t } from '@pocketnet/ledger';
import { spliceApiTokenAllocationV1 } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedInterfaceToSplice } from '../vocabulary/tied-to-splice.ts';
import { holdingInterfaceId, instrumentIdType } from './holding-v1.ts';
import { extraArgsType, metadataPackageName, metadataType } from './metadata-v1.ts';
import { optionalType } from './optional-type.ts';

// `splice-api-token-allocation-v1`, module Splice.Api.Token.AllocationV1: assets reserved for
// one leg of a settlement that an app (the executor) runs atomically.

export const allocationPackageName = 'splice-api-token-allocation-v1';
const moduleName = 'Splice.Api.Token.AllocationV1';
const holdingCids = t.list(t.contractId(holdingInterfaceId));

export const referenceType = t.record(
  {
    id: t.text(),
    cid: optionalType(
      t.contractId(`#${metadataPackageName}:Splice.Api.Token.MetadataV1:AnyContract`),
    ),
  },
  `${moduleName}:Reference`,
);

export const settlementInfoType = t.record(
  {
    executor: t.party(),
    settlementRef: referenceType,
    requestedAt: t.time(),
    allocateBefore: t.time(),
    settleBefore: t.time(),
    meta: metadataType,
  },
  `${moduleName}:SettlementInfo`,
);

export const transferLegType = t.record(
  {
    sender: t.party(),
    receiver: t.party(),
    amount: t.numeric(10),
    instrumentId: instrumentIdType,
    meta: metadataType,
  },
  `${moduleName}:TransferLeg`,
);

/** What should be allocated: the settlement, the leg's id within it, and the leg. */
export const allocationSpecificationType = t.record(
  { settlement: settlementInfoType, transferLegId: t.text(), transferLeg: transferLegType },
  `${moduleName}:AllocationSpecification`,
);

export const allocationViewType = t.record(
  { allocation: allocationSpecificationType, holdingCids, meta: metadataType },
  `${moduleName}:AllocationView`,
);

export const allocationExecuteTransferResultType = t.record(
  { senderHoldingCids: holdingCids, receiverHoldingCids: holdingCids, meta: metadataType },
  `${moduleName}:Allocation_ExecuteTransferResult`,
);

export const allocationCancelResultType = t.record(
  { senderHoldingCids: holdingCids, meta: metadataType },
  `${moduleName}:Allocation_CancelResult`,
);

export const allocationWithdrawResultType = t.record(
  { senderHoldingCids: holdingCids, meta: metadataType },
  `${moduleName}:Allocation_WithdrawResult`,
);

export type AllocationSpecification = Infer<typeof allocationSpecificationType>;
export type AllocationView = Infer<typeof allocationViewType>;

/** Executor, sender and receiver: who must agree to settle or cancel an allocation. */
function allocationControllers(view: AllocationView): string[] {
  const { settlement, transferLeg } = view.allocation;
  return [settlement.executor, transferLeg.sender, transferLeg.receiver];
}

export const allocationInterface = tiedInterfaceToSplice(
  spliceApiTokenAllocationV1['Splice.Api.Token.AllocationV1'].Allocation,
  defineInterface({
    id: { packageName: allocationPackageName, module: moduleName, entity: 'Allocation' },
    view: allocationViewType,
    choices: (choice) => ({
      Allocation_ExecuteTransfer: choice({
        controllers: allocationControllers,
        argument: { extraArgs: extraArgsType },
        result: allocationExecuteTransferResultType,
      }),
      Allocation_Cancel: choice({
        controllers: allocationControllers,
        argument: { extraArgs: extraArgsType },
        result: allocationCancelResultType,
      }),
      Allocation_Withdraw: choice({
        controllers: (view) => [view.allocation.transferLeg.sender],
        argument: { extraArgs: extraArgsType },
        result: allocationWithdrawResultType,
      }),
    }),
  }),
  {},
);

export const allocationInterfaceId = `#${allocationPackageName}:${moduleName}:Allocation`;
