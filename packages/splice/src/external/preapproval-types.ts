import { t } from '@pocketnet/ledger';
import { transferInputType, transferResultType } from '../amulet/types/transfer-types.ts';
import { metadataType } from '../token-standard/metadata-v1.ts';
import { optionalType } from '../token-standard/optional-type.ts';
import { soleConstructor } from '../vocabulary/sole-constructor.ts';
import { externalReferences } from './amulet-references.ts';
import { externalPartyTransferContextType, paymentTransferContextType } from './amulet-types.ts';

// Arguments and results of the TransferPreapproval choices (module Splice.AmuletRules).

const moduleName = 'Splice.AmuletRules';

export const sendArgument = {
  context: paymentTransferContextType,
  inputs: t.list(transferInputType),
  amount: t.numeric(10),
  sender: t.party(),
  description: optionalType(t.text()),
};

export const sendV2Argument = {
  context: externalPartyTransferContextType,
  inputs: t.list(transferInputType),
  amount: t.numeric(10),
  sender: t.party(),
  description: optionalType(t.text()),
};

export const sendResultType = t.record(
  { result: transferResultType, meta: optionalType(metadataType) },
  `${moduleName}:TransferPreapproval_SendResult`,
);

export const sendV2ResultType = t.record(
  { result: transferResultType, meta: metadataType },
  `${moduleName}:TransferPreapproval_SendV2Result`,
);

export const renewResultType = t.record(
  {
    transferPreapprovalCid: t.contractId(externalReferences.transferPreapproval),
    transferResult: transferResultType,
    receiver: t.party(),
    provider: t.party(),
    amuletPaid: t.numeric(10),
    meta: optionalType(metadataType),
  },
  `${moduleName}:TransferPreapproval_RenewResult`,
);

export const expireResultType = t.record({}, `${moduleName}:TransferPreapproval_ExpireResult`);
export const cancelResultType = soleConstructor(moduleName, 'TransferPreapproval_CancelResult');
