import type { Infer } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import { metadataType } from '../../token-standard/metadata-v1.ts';
import { optionalType } from '../../token-standard/optional-type.ts';
import { amuletTemplateIds as ids } from '../amulet-references.ts';
import { roundType, timeLockType } from './base-types.ts';

// The argument and result types of AmuletRules_Transfer (Splice.AmuletRules).

/** Every input kind of splice-amulet 0.1.20; the ones pocketnet does not mint are refused. */
export const transferInputType = t.variant(
  {
    InputAppRewardCoupon: t.contractId(ids.appRewardCoupon),
    InputValidatorRewardCoupon: t.contractId(ids.validatorRewardCoupon),
    InputSvRewardCoupon: t.contractId(ids.svRewardCoupon),
    InputAmulet: t.contractId(ids.amulet),
    ExtTransferInput: t.record(
      { dummyUnitField: t.unit(), optInputValidatorFaucetCoupon: optionalType(t.contractId()) },
      'Splice.AmuletRules:TransferInput.ExtTransferInput',
    ),
    InputValidatorLivenessActivityRecord: t.contractId(ids.validatorLivenessActivityRecord),
    InputUnclaimedActivityRecord: t.contractId(ids.unclaimedActivityRecord),
    InputDevelopmentFundCoupon: t.contractId(ids.developmentFundCoupon),
    InputRewardCouponV2: t.contractId(),
  },
  'Splice.AmuletRules:TransferInput',
);
export type TransferInput = Infer<typeof transferInputType>;

export const transferOutputType = t.record(
  {
    receiver: t.party(),
    receiverFeeRatio: t.numeric(10),
    amount: t.numeric(10),
    lock: optionalType(timeLockType),
  },
  'Splice.AmuletRules:TransferOutput',
);
export type TransferOutput = Infer<typeof transferOutputType>;

export const appRewardBeneficiaryType = t.record(
  { beneficiary: t.party(), weight: t.numeric(10) },
  'Splice.Api.FeaturedAppRightV1:AppRewardBeneficiary',
);
export type AppRewardBeneficiary = Infer<typeof appRewardBeneficiaryType>;

export const transferType = t.record(
  {
    sender: t.party(),
    provider: t.party(),
    inputs: t.list(transferInputType),
    outputs: t.list(transferOutputType),
    beneficiaries: optionalType(t.list(appRewardBeneficiaryType)),
  },
  'Splice.AmuletRules:Transfer',
);
export type Transfer = Infer<typeof transferType>;

/** Contracts a transfer reads by id: the open round, issuing rounds of coupons, rights. */
export const transferContextType = t.record(
  {
    openMiningRound: t.contractId(ids.openMiningRound),
    issuingMiningRounds: t.genMap(roundType, t.contractId(ids.issuingMiningRound)),
    validatorRights: t.genMap(t.party(), t.contractId(ids.validatorRight)),
    featuredAppRight: optionalType(t.contractId(ids.featuredAppRight)),
  },
  'Splice.AmuletRules:TransferContext',
);
export type TransferContext = Infer<typeof transferContextType>;

export const balanceChangeType = t.record(
  { changeToInitialAmountAsOfRoundZero: t.numeric(10), changeToHoldingFeesRate: t.numeric(10) },
  'Splice.AmuletRules:BalanceChange',
);
export type BalanceChange = Infer<typeof balanceChangeType>;

export const transferSummaryType = t.record(
  {
    inputAppRewardAmount: t.numeric(10),
    inputValidatorRewardAmount: t.numeric(10),
    inputSvRewardAmount: t.numeric(10),
    inputAmuletAmount: t.numeric(10),
    balanceChanges: t.genMap(t.party(), balanceChangeType),
    holdingFees: t.numeric(10),
    outputFees: t.list(t.numeric(10)),
    senderChangeFee: t.numeric(10),
    senderChangeAmount: t.numeric(10),
    amuletPrice: t.numeric(10),
    inputValidatorFaucetAmount: optionalType(t.numeric(10)),
    inputUnclaimedActivityRecordAmount: optionalType(t.numeric(10)),
    inputDevelopmentFundAmount: optionalType(t.numeric(10)),
  },
  'Splice.AmuletRules:TransferSummary',
);
export type TransferSummary = Infer<typeof transferSummaryType>;

export const createdAmuletType = t.variant(
  {
    TransferResultAmulet: t.contractId(ids.amulet),
    TransferResultLockedAmulet: t.contractId(ids.lockedAmulet),
    ExtCreatedAmulet: t.record(
      { dummyUnitField: t.unit() },
      'Splice.AmuletRules:CreatedAmulet.ExtCreatedAmulet',
    ),
  },
  'Splice.AmuletRules:CreatedAmulet',
);
export type CreatedAmulet = Infer<typeof createdAmuletType>;

export const transferResultType = t.record(
  {
    round: roundType,
    summary: transferSummaryType,
    createdAmulets: t.list(createdAmuletType),
    senderChangeAmulet: optionalType(t.contractId(ids.amulet)),
    meta: optionalType(metadataType),
  },
  'Splice.AmuletRules:TransferResult',
);
export type TransferResult = Infer<typeof transferResultType>;
