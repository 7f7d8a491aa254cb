import type { TemplateId, Typed } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import type { InstrumentId } from '../token-standard/holding-v1.ts';
import { holdingInterfaceId, instrumentIdType } from '../token-standard/holding-v1.ts';
import type { ExtraArgs, Metadata } from '../token-standard/metadata-v1.ts';
import { extraArgsType, metadataType } from '../token-standard/metadata-v1.ts';
import type {
  TransferInstructionResult,
  TransferSpecification,
} from '../token-standard/transfer-instruction-types.ts';
import {
  transferFactoryInterfaceId,
  transferInstructionResultType,
  transferSpecificationType,
} from '../token-standard/transfer-instruction-types.ts';
import type { AppRewardBeneficiary } from '../wallet-payments/amulet-types.ts';
import { appRewardBeneficiaryType } from '../wallet-payments/amulet-types.ts';

// Data types of Splice.Util.Token.Wallet.MergeDelegation (splice-util-token-standard-wallet).

export const mergePackageName = 'splice-util-token-standard-wallet';
const moduleName = 'Splice.Util.Token.Wallet.MergeDelegation';

export function mergeTemplateId(entity: string): TemplateId {
  return { packageName: mergePackageName, module: moduleName, entity };
}

export const mergeReferences = {
  mergeDelegation: `#${mergePackageName}:${moduleName}:MergeDelegation`,
  mergeDelegationProposal: `#${mergePackageName}:${moduleName}:MergeDelegationProposal`,
  batchMergeUtility: `#${mergePackageName}:${moduleName}:BatchMergeUtility`,
} as const;

export const featuredAppRightInterfaceId =
  '#splice-api-featured-app-v1:Splice.Api.FeaturedAppRightV1:FeaturedAppRight';

export type TransferFactoryTransfer = {
  readonly expectedAdmin: string;
  readonly transfer: TransferSpecification;
  readonly extraArgs: ExtraArgs;
};

export type TransferCall = {
  readonly factoryCid: string;
  readonly choiceArg: TransferFactoryTransfer;
};

export const transferCallType: Typed<TransferCall> = t.record(
  {
    factoryCid: t.contractId(transferFactoryInterfaceId),
    choiceArg: t.record(
      { expectedAdmin: t.party(), transfer: transferSpecificationType, extraArgs: extraArgsType },
      'Splice.Api.Token.TransferInstructionV1:TransferFactory_Transfer',
    ),
  },
  `${moduleName}:TransferCall`,
);

export type FeaturedAppRightCall = {
  readonly appRightCid: string;
  readonly beneficiaries: readonly AppRewardBeneficiary[];
};

export const featuredAppRightCallType: Typed<FeaturedAppRightCall> = t.record(
  {
    appRightCid: t.contractId(featuredAppRightInterfaceId),
    beneficiaries: t.list(appRewardBeneficiaryType),
  },
  `${moduleName}:FeaturedAppRightCall`,
);

export type MergeArgument = {
  readonly optMergeTransfer: TransferCall | null;
  readonly optExtraTransfer: TransferCall | null;
  readonly optFeaturedAppRight: FeaturedAppRightCall | null;
};

export const mergeArgumentType: Typed<MergeArgument> = t.record(
  {
    optMergeTransfer: t.optional(transferCallType),
    optExtraTransfer: t.optional(transferCallType),
    optFeaturedAppRight: t.optional(featuredAppRightCallType),
  },
  `${moduleName}:MergeDelegation_Merge`,
);

export type MergeResult = {
  readonly optMergeTransferResult: TransferInstructionResult | null;
  readonly optExtraTransferResult: TransferInstructionResult | null;
};

export const mergeResultType: Typed<MergeResult> = t.record(
  {
    optMergeTransferResult: t.optional(transferInstructionResultType),
    optExtraTransferResult: t.optional(transferInstructionResultType),
  },
  `${moduleName}:MergeDelegation_MergeResult`,
);

export type MergeDelegationPayload = {
  readonly operator: string;
  readonly owner: string;
  readonly meta: Metadata;
};

export const mergeDelegationFields = { operator: t.party(), owner: t.party(), meta: metadataType };

export const mergeDelegationRecordType: Typed<MergeDelegationPayload> = t.record(
  mergeDelegationFields,
  `${moduleName}:MergeDelegation`,
);

export type MergeDelegationCall = {
  readonly delegationCid: string;
  readonly choiceArg: MergeArgument;
};

export const mergeDelegationCallType: Typed<MergeDelegationCall> = t.record(
  { delegationCid: t.contractId(mergeReferences.mergeDelegation), choiceArg: mergeArgumentType },
  `${moduleName}:MergeDelegationCall`,
);

/** `Map InstrumentId [ContractId Holding]`: the operator's change after extra transfers. */
export type InstrumentHoldingMap = readonly (readonly [InstrumentId, readonly string[]])[];

export const instrumentHoldingMapType: Typed<InstrumentHoldingMap> = t.genMap(
  instrumentIdType,
  t.list(t.contractId(holdingInterfaceId)),
);

/** Splice's single-field result records (`{result: ()}`), kept for upgrade-friendliness. */
export const unitResultType = t.record({ result: t.unit() });
