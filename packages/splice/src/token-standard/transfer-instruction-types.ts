import type { Infer } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import { holdingInterfaceId, instrumentIdType } from './holding-v1.ts';
import { metadataType } from './metadata-v1.ts';
import { optionalType } from './optional-type.ts';

// The data types of Splice.Api.Token.TransferInstructionV1 (package
// `splice-api-token-transfer-instruction-v1`), kept apart from the interfaces that use them.

export const transferInstructionPackageName = 'splice-api-token-transfer-instruction-v1';
export const transferInstructionModule = 'Splice.Api.Token.TransferInstructionV1';
const moduleName = transferInstructionModule;

export const transferInstructionInterfaceId = `#${transferInstructionPackageName}:${moduleName}:TransferInstruction`;
export const transferFactoryInterfaceId = `#${transferInstructionPackageName}:${moduleName}:TransferFactory`;

/** `Transfer{sender, receiver, amount, instrumentId, requestedAt, executeBefore, inputHoldingCids, meta}`. */
export const transferSpecificationType = t.record(
  {
    sender: t.party(),
    receiver: t.party(),
    amount: t.numeric(10),
    instrumentId: instrumentIdType,
    requestedAt: t.time(),
    executeBefore: t.time(),
    inputHoldingCids: t.list(t.contractId(holdingInterfaceId)),
    meta: metadataType,
  },
  `${moduleName}:Transfer`,
);

/** Pending (an instruction awaits a further step), Completed, or Failed (funds returned). */
export const transferInstructionOutputType = t.variant(
  {
    TransferInstructionResult_Pending: t.record(
      { transferInstructionCid: t.contractId(transferInstructionInterfaceId) },
      `${moduleName}:TransferInstructionResult_Output.TransferInstructionResult_Pending`,
    ),
    TransferInstructionResult_Completed: t.record(
      { receiverHoldingCids: t.list(t.contractId(holdingInterfaceId)) },
      `${moduleName}:TransferInstructionResult_Output.TransferInstructionResult_Completed`,
    ),
    TransferInstructionResult_Failed: t.unit(),
  },
  `${moduleName}:TransferInstructionResult_Output`,
);

/** `TransferInstructionResult{output, senderChangeCids, meta}`. */
export const transferInstructionResultType = t.record(
  {
    output: transferInstructionOutputType,
    senderChangeCids: t.list(t.contractId(holdingInterfaceId)),
    meta: metadataType,
  },
  `${moduleName}:TransferInstructionResult`,
);

export const transferInstructionStatusType = t.variant(
  {
    TransferPendingReceiverAcceptance: t.unit(),
    TransferPendingInternalWorkflow: t.record(
      { pendingActions: t.genMap(t.party(), t.text()) },
      `${moduleName}:TransferInstructionStatus.TransferPendingInternalWorkflow`,
    ),
  },
  `${moduleName}:TransferInstructionStatus`,
);

export const transferInstructionViewType = t.record(
  {
    originalInstructionCid: optionalType(t.contractId(transferInstructionInterfaceId)),
    transfer: transferSpecificationType,
    status: transferInstructionStatusType,
    meta: metadataType,
  },
  `${moduleName}:TransferInstructionView`,
);

export const transferFactoryViewType = t.record(
  { admin: t.party(), meta: metadataType },
  `${moduleName}:TransferFactoryView`,
);

export type TransferSpecification = Infer<typeof transferSpecificationType>;
export type TransferInstructionResult = Infer<typeof transferInstructionResultType>;
export type TransferInstructionView = Infer<typeof transferInstructionViewType>;
export type TransferFactoryView = Infer<typeof transferFactoryViewType>;
