import { formatNumeric, parseNumeric } from '@pocketnet/ledger';
import { defaultHoldingFeeUsdPerRound } from '../economy/holding-fee.ts';
import type { IssuanceConfig, Schedule } from '../economy/issuance-curve.ts';
import { defaultIssuanceCurve } from '../economy/issuance-curve.ts';
import { spliceAmuletVersion } from './amulet-references.ts';
import type { AmuletRules } from './rules/amulet-rules-fields.ts';
import type {
  AmuletConfig,
  IssuanceConfigValue,
  PackageConfig,
  SynchronizerFeesConfig,
} from './types/config-types.ts';

// Genesis defaults of a DevNet (SpliceUtil and the SV app's FoundDso defaults), as payloads.

const microsPerMinute = 60_000_000n;
export const defaultTickMicros = 10n * microsPerMinute;
export const defaultInitialAmuletPrice = '0.005';

const optionalText = (value: bigint | null) => (value === null ? null : formatNumeric(value));

export function issuanceConfigValue(config: IssuanceConfig): IssuanceConfigValue {
  return {
    amuletToIssuePerYear: formatNumeric(config.amuletToIssuePerYear),
    validatorRewardPercentage: formatNumeric(config.validatorRewardPercentage),
    appRewardPercentage: formatNumeric(config.appRewardPercentage),
    validatorRewardCap: formatNumeric(config.validatorRewardCap),
    featuredAppRewardCap: formatNumeric(config.featuredAppRewardCap),
    unfeaturedAppRewardCap: formatNumeric(config.unfeaturedAppRewardCap),
    optValidatorFaucetCap: optionalText(config.optValidatorFaucetCap),
    optDevelopmentFundPercentage: optionalText(config.optDevelopmentFundPercentage),
  };
}

/** The default issuance curve as an AmuletConfig `issuanceCurve` (Schedule RelTime IssuanceConfig). */
export function issuanceCurveValue(
  curve: Schedule<IssuanceConfig> = defaultIssuanceCurve,
): AmuletConfig['issuanceCurve'] {
  return {
    initialValue: issuanceConfigValue(curve.initialValue),
    futureValues: curve.futureValues.map(({ from, value }) => ({
      _1: { microseconds: from.toString() },
      _2: issuanceConfigValue(value),
    })),
  };
}

/** The SV app's SynchronizerFeesConfig defaults (SPLICE-FACTS §7). */
export const defaultSynchronizerFees: SynchronizerFeesConfig = {
  baseRateTrafficLimits: {
    burstAmount: '400000',
    burstWindow: { microseconds: (20n * microsPerMinute).toString() },
  },
  extraTrafficPrice: formatNumeric(parseNumeric('16.67')),
  readVsWriteScalingFactor: '4',
  minTopupAmount: '200000',
};

export const defaultPackageConfig: PackageConfig = {
  amulet: spliceAmuletVersion,
  amuletNameService: '0.1.20',
  dsoGovernance: '0.1.22',
  validatorLifecycle: '0.1.5',
  wallet: '0.1.21',
  walletPayments: '0.1.20',
};

export type DevNetConfigOptions = {
  /** The global synchronizer's id: the only required and the active synchronizer. */
  readonly synchronizerId: string;
  readonly tickMicros?: bigint;
  readonly synchronizerFees?: SynchronizerFeesConfig;
  readonly packageConfig?: PackageConfig;
};

/** AmuletConfig USD of a DevNet: zero fees, $1/year holding fee, 100 inputs and outputs. */
export function defaultAmuletConfig(options: DevNetConfigOptions): AmuletConfig {
  const tickMicros = options.tickMicros ?? defaultTickMicros;
  const zero = formatNumeric(0n);
  return {
    transferConfig: {
      createFee: { fee: zero },
      holdingFee: { rate: formatNumeric(defaultHoldingFeeUsdPerRound(tickMicros)) },
      transferFee: { initialRate: zero, steps: [] },
      lockHolderFee: { fee: zero },
      extraFeaturedAppRewardAmount: formatNumeric(parseNumeric('1.0')),
      maxNumInputs: '100',
      maxNumOutputs: '100',
      maxNumLockHolders: '50',
    },
    issuanceCurve: issuanceCurveValue(),
    decentralizedSynchronizer: {
      requiredSynchronizers: { map: [[options.synchronizerId, {}]] },
      activeSynchronizer: options.synchronizerId,
      fees: options.synchronizerFees ?? defaultSynchronizerFees,
    },
    tickDuration: { microseconds: tickMicros.toString() },
    packageConfig: options.packageConfig ?? defaultPackageConfig,
    transferPreapprovalFee: null,
    featuredAppActivityMarkerAmount: formatNumeric(parseNumeric('1.0')),
    optDevelopmentFundManager: null,
    externalPartyConfigStateTickDuration: null,
    transferPreapprovalBaseDuration: null,
    rewardConfig: null,
  };
}

/** The create arguments of a DevNet AmuletRules contract. */
export function devNetAmuletRules(
  options: DevNetConfigOptions & { readonly dso: string },
): AmuletRules {
  return {
    dso: options.dso,
    configSchedule: { initialValue: defaultAmuletConfig(options), futureValues: [] },
    isDevNet: true,
    contractStateSchemaVersion: null,
  };
}
