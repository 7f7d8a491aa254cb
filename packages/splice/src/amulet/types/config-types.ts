import type { Infer } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import { optionalType } from '../../token-standard/optional-type.ts';
import {
  fixedFeeType,
  ratePerRoundType,
  relTimeType,
  scheduleType,
  steppedRateType,
  textSetType,
} from './base-types.ts';

// Splice.AmuletConfig, Splice.Issuance and Splice.DecentralizedSynchronizer configuration
// records. Values in AmuletConfig USD are USD; a transfer scales them by 1 / amuletPrice.

/** `TransferConfig unit`: fees (all zero since CIP-78/107) and transfer limits. */
export const transferConfigType = t.record(
  {
    createFee: fixedFeeType,
    holdingFee: ratePerRoundType,
    transferFee: steppedRateType,
    lockHolderFee: fixedFeeType,
    extraFeaturedAppRewardAmount: t.numeric(10),
    maxNumInputs: t.int64(),
    maxNumOutputs: t.int64(),
    maxNumLockHolders: t.int64(),
  },
  'Splice.AmuletConfig:TransferConfig',
);
export type TransferConfig = Infer<typeof transferConfigType>;

/** `TransferConfigV2 unit`: what ExternalPartyConfigState keeps of TransferConfig (0.1.17). */
export const transferConfigV2Type = t.record(
  {
    holdingFee: ratePerRoundType,
    maxNumInputs: t.int64(),
    maxNumOutputs: t.int64(),
    maxNumLockHolders: t.int64(),
  },
  'Splice.AmuletConfig:TransferConfigV2',
);
export type TransferConfigV2 = Infer<typeof transferConfigV2Type>;

export const issuanceConfigType = t.record(
  {
    amuletToIssuePerYear: t.numeric(10),
    validatorRewardPercentage: t.numeric(10),
    appRewardPercentage: t.numeric(10),
    validatorRewardCap: t.numeric(10),
    featuredAppRewardCap: t.numeric(10),
    unfeaturedAppRewardCap: t.numeric(10),
    optValidatorFaucetCap: optionalType(t.numeric(10)),
    optDevelopmentFundPercentage: optionalType(t.numeric(10)),
  },
  'Splice.Issuance:IssuanceConfig',
);
export type IssuanceConfigValue = Infer<typeof issuanceConfigType>;

export const synchronizerFeesConfigType = t.record(
  {
    baseRateTrafficLimits: t.record(
      { burstAmount: t.int64(), burstWindow: relTimeType },
      'Splice.DecentralizedSynchronizer:BaseRateTrafficLimits',
    ),
    extraTrafficPrice: t.numeric(10),
    readVsWriteScalingFactor: t.int64(),
    minTopupAmount: t.int64(),
  },
  'Splice.DecentralizedSynchronizer:SynchronizerFeesConfig',
);
export type SynchronizerFeesConfig = Infer<typeof synchronizerFeesConfigType>;

export const decentralizedSynchronizerConfigType = t.record(
  {
    requiredSynchronizers: textSetType,
    activeSynchronizer: t.text(),
    fees: synchronizerFeesConfigType,
  },
  'Splice.DecentralizedSynchronizer:AmuletDecentralizedSynchronizerConfig',
);

/** The package version each Splice package should be submitted against. */
export const packageConfigType = t.record(
  {
    amulet: t.text(),
    amuletNameService: t.text(),
    dsoGovernance: t.text(),
    validatorLifecycle: t.text(),
    wallet: t.text(),
    walletPayments: t.text(),
  },
  'Splice.AmuletConfig:PackageConfig',
);
export type PackageConfig = Infer<typeof packageConfigType>;

/**
 * CIP-104's reward settings, which splice-amulet 0.1.20 carries on its open and summarizing
 * rounds (always None on a devnet: rewards are minted from coupons).
 */
export const rewardConfigType = t.record(
  {
    mintingVersion: t.enum(
      ['RewardVersion_FeaturedAppMarkers', 'RewardVersion_TrafficBasedAppRewards'] as const,
      'Splice.AmuletConfig:RewardVersion',
    ),
    dryRunVersion: optionalType(
      t.enum(
        ['RewardVersion_FeaturedAppMarkers', 'RewardVersion_TrafficBasedAppRewards'] as const,
        'Splice.AmuletConfig:RewardVersion',
      ),
    ),
    batchSize: t.int64(),
    rewardCouponTimeToLive: relTimeType,
    appRewardCouponThreshold: t.numeric(10),
  },
  'Splice.AmuletConfig:RewardConfig',
);

/** `AmuletConfig USD` as of amulet 0.1.20 (CIP-104's rewardConfig: always None here). */
export const amuletConfigType = t.record(
  {
    transferConfig: transferConfigType,
    issuanceCurve: scheduleType(relTimeType, issuanceConfigType),
    decentralizedSynchronizer: decentralizedSynchronizerConfigType,
    tickDuration: relTimeType,
    packageConfig: packageConfigType,
    transferPreapprovalFee: optionalType(t.numeric(10)),
    featuredAppActivityMarkerAmount: optionalType(t.numeric(10)),
    optDevelopmentFundManager: optionalType(t.party()),
    externalPartyConfigStateTickDuration: optionalType(relTimeType),
    transferPreapprovalBaseDuration: optionalType(relTimeType),
    rewardConfig: optionalType(rewardConfigType),
  },
  'Splice.AmuletConfig:AmuletConfig',
);
export type AmuletConfig = Infer<typeof amuletConfigType>;

export const amuletConfigScheduleType = scheduleType(t.time(), amuletConfigType);
export type AmuletConfigSchedule = Infer<typeof amuletConfigScheduleType>;

/** CIP-104's reward accounting versions; ExternalPartyConfigState records which one applies. */
export const rewardVersionType = t.enum(
  ['RewardVersion_FeaturedAppMarkers', 'RewardVersion_TrafficBasedAppRewards'] as const,
  'Splice.AmuletConfig:RewardVersion',
);
