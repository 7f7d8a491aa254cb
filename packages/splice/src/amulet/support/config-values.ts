import type { IssuanceConfig } from '../../economy/issuance-curve.ts';
import { scheduleValueAt } from '../../economy/issuance-curve.ts';
import type {
  AmuletConfig,
  AmuletConfigSchedule,
  IssuanceConfigValue,
  TransferConfig,
  TransferConfigV2,
} from '../types/config-types.ts';
import { numeric } from './values.ts';

// Reading AmuletConfig payloads: the schedule's current value, the issuance curve, and the
// validity rules AmuletRules' ensure clause applies (zero fees are mandatory since 0.1.17).

const microsPerDay = 86_400_000_000n;
export const defaultExternalPartyConfigStateTickMicros = microsPerDay;

/** Only the initial value counts since amulet 0.1.17 (future values must be empty). */
export function currentAmuletConfig(schedule: AmuletConfigSchedule): AmuletConfig {
  return schedule.initialValue;
}

export function issuanceConfigValueAt(
  curve: AmuletConfig['issuanceCurve'],
  issuingForMicros: bigint,
): IssuanceConfigValue {
  const schedule = {
    initialValue: curve.initialValue,
    futureValues: curve.futureValues.map(({ _1, _2 }) => ({
      from: BigInt(_1.microseconds),
      value: _2,
    })),
  };
  return scheduleValueAt(schedule, issuingForMicros);
}

export function issuanceConfigOf(value: IssuanceConfigValue): IssuanceConfig {
  const optional = (text: string | null) => (text === null ? null : numeric(text));
  return {
    amuletToIssuePerYear: numeric(value.amuletToIssuePerYear),
    validatorRewardPercentage: numeric(value.validatorRewardPercentage),
    appRewardPercentage: numeric(value.appRewardPercentage),
    validatorRewardCap: numeric(value.validatorRewardCap),
    featuredAppRewardCap: numeric(value.featuredAppRewardCap),
    unfeaturedAppRewardCap: numeric(value.unfeaturedAppRewardCap),
    optValidatorFaucetCap: optional(value.optValidatorFaucetCap),
    optDevelopmentFundPercentage: optional(value.optDevelopmentFundPercentage),
  };
}

export function transferConfigV2Of(config: TransferConfig): TransferConfigV2 {
  const { holdingFee, maxNumInputs, maxNumOutputs, maxNumLockHolders } = config;
  return { holdingFee, maxNumInputs, maxNumOutputs, maxNumLockHolders };
}

export function externalPartyConfigStateTickMicros(config: AmuletConfig): bigint {
  const tick = config.externalPartyConfigStateTickDuration;
  return tick === null ? defaultExternalPartyConfigStateTickMicros : BigInt(tick.microseconds);
}

function transferConfigProblem(config: TransferConfig): string | null {
  const zero = (text: string) => numeric(text) === 0n;
  if (!zero(config.createFee.fee) || !zero(config.lockHolderFee.fee)) return 'fees must be zero';
  const rates = [config.transferFee.initialRate, ...config.transferFee.steps.map(({ _2 }) => _2)];
  if (!rates.every(zero)) return 'transfer fees must be zero';
  if (numeric(config.holdingFee.rate) < 0n) return 'holdingFee must not be negative';
  if (numeric(config.extraFeaturedAppRewardAmount) < 0n)
    return 'extraFeaturedAppRewardAmount must not be negative';
  if (BigInt(config.maxNumInputs) < 1n || BigInt(config.maxNumOutputs) < 1n)
    return 'maxNumInputs/Outputs must be >= 1';
  return BigInt(config.maxNumLockHolders) < 0n ? 'maxNumLockHolders must not be negative' : null;
}

function issuanceProblem(value: IssuanceConfigValue): string | null {
  const config = issuanceConfigOf(value);
  if (config.amuletToIssuePerYear <= 0n) return 'amuletToIssuePerYear must be positive';
  const shares = config.validatorRewardPercentage + config.appRewardPercentage;
  if (
    config.validatorRewardPercentage < 0n ||
    config.appRewardPercentage < 0n ||
    shares > numeric('1')
  ) {
    return 'reward percentages must be between 0 and 1';
  }
  return null;
}

/** AmuletRules' ensure: Splice's validAmuletConfig plus an empty future schedule. */
export function amuletConfigProblem(schedule: AmuletConfigSchedule): string | null {
  if (schedule.futureValues.length > 0) return 'configSchedule.futureValues must be empty';
  const config = schedule.initialValue;
  if (BigInt(config.tickDuration.microseconds) <= 0n) return 'tickDuration must be positive';
  const synchronizers = config.decentralizedSynchronizer.requiredSynchronizers.map.map(
    ([id]) => id,
  );
  if (!synchronizers.includes(config.decentralizedSynchronizer.activeSynchronizer)) {
    return 'activeSynchronizer must be one of requiredSynchronizers';
  }
  const curve = [
    config.issuanceCurve.initialValue,
    ...config.issuanceCurve.futureValues.map(({ _2 }) => _2),
  ];
  for (const value of curve) {
    const problem = issuanceProblem(value);
    if (problem !== null) return problem;
  }
  return transferConfigProblem(config.transferConfig);
}
