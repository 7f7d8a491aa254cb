import { t } from '@pocketnet/ledger';
import { transferInputType, transferResultType } from '../amulet/types/transfer-types.ts';
import { metadataType } from '../token-standard/metadata-v1.ts';
import { optionalType } from '../token-standard/optional-type.ts';
import { externalReferences } from './amulet-references.ts';
import { paymentTransferContextType } from './amulet-types.ts';

// Arguments and results of the AmuletRules choices that create preapprovals (Splice.AmuletRules).

const paidBy = {
  context: paymentTransferContextType,
  inputs: t.list(transferInputType),
  expectedDso: optionalType(t.party()),
  optCreatedAt: optionalType(t.time()),
};

export const createTransferPreapprovalArgument = {
  ...paidBy,
  receiver: t.party(),
  provider: t.party(),
  expiresAt: t.time(),
};

export const createExternalPartySetupProposalArgument = {
  ...paidBy,
  user: t.party(),
  validator: t.party(),
  preapprovalExpiresAt: t.time(),
};

export const createTransferPreapprovalResultType = t.record(
  {
    transferPreapprovalCid: t.contractId(externalReferences.transferPreapproval),
    transferResult: transferResultType,
    amuletPaid: t.numeric(10),
    meta: optionalType(metadataType),
  },
  'Splice.AmuletRules:AmuletRules_CreateTransferPreapprovalResult',
);

export const createExternalPartySetupProposalResultType = t.record(
  {
    proposalCid: t.contractId(externalReferences.externalPartySetupProposal),
    user: t.party(),
    validator: t.party(),
    transferResult: transferResultType,
    amuletPaid: t.numeric(10),
    meta: optionalType(metadataType),
  },
  'Splice.AmuletRules:AmuletRules_CreateExternalPartySetupProposalResult',
);
