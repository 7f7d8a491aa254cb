import type { Numeric } from '@pocketnet/ledger';
import { parseNumeric } from '@pocketnet/ledger';

/** Splice.Issuance:IssuanceConfig as numbers: how much is minted per year and how it is split. */
export type IssuanceConfig = {
  readonly amuletToIssuePerYear: Numeric;
  readonly validatorRewardPercentage: Numeric;
  readonly appRewardPercentage: Numeric;
  readonly validatorRewardCap: Numeric;
  readonly featuredAppRewardCap: Numeric;
  readonly unfeaturedAppRewardCap: Numeric;
  /** USD per validator per round; Splice reads None as 2.85. */
  readonly optValidatorFaucetCap: Numeric | null;
  /** Share of each round for the development fund (CIP-82); Splice reads None as 0.05. */
  readonly optDevelopmentFundPercentage: Numeric | null;
};

/** A value that changes at points in time (or on a time axis such as `issuingFor`), ascending. */
export type Schedule<TValue> = {
  readonly initialValue: TValue;
  readonly futureValues: readonly { readonly from: bigint; readonly value: TValue }[];
};

export const defaultValidatorFaucetCapUsd: Numeric = parseNumeric('2.85');
export const defaultDevelopmentFundPercentage: Numeric = parseNumeric('0.05');

/** Splice's getValueAsOf: the last value whose start is at or before `at`. */
export function scheduleValueAt<TValue>(schedule: Schedule<TValue>, at: bigint): TValue {
  let current = schedule.initialValue;
  for (const entry of schedule.futureValues) {
    if (at < entry.from) break;
    current = entry.value;
  }
  return current;
}

const microsPerHour = 3_600_000_000n;

function segment(perYear: string, validator: string, app: string): IssuanceConfig {
  return {
    amuletToIssuePerYear: parseNumeric(perYear),
    validatorRewardPercentage: parseNumeric(validator),
    appRewardPercentage: parseNumeric(app),
    validatorRewardCap: parseNumeric('0.2'),
    featuredAppRewardCap: parseNumeric('100.0'),
    unfeaturedAppRewardCap: parseNumeric('0.6'),
    optValidatorFaucetCap: defaultValidatorFaucetCapUsd,
    optDevelopmentFundPercentage: defaultDevelopmentFundPercentage,
  };
}

/**
 * SpliceUtil.defaultIssuanceCurve, keyed by microseconds since genesis on the issuance time
 * axis (a round's `issuingFor`), not by wall-clock time. Half a year is 4380 hours.
 */
export const defaultIssuanceCurve: Schedule<IssuanceConfig> = {
  initialValue: segment('40000000000', '0.05', '0.15'),
  futureValues: [
    { from: 4_380n * microsPerHour, value: segment('20000000000', '0.12', '0.4') },
    { from: 13_140n * microsPerHour, value: segment('10000000000', '0.18', '0.62') },
    { from: 43_800n * microsPerHour, value: segment('5000000000', '0.21', '0.69') },
    { from: 87_600n * microsPerHour, value: segment('2500000000', '0.2', '0.75') },
  ],
};

/** The curve's issuance configuration for a round issuing for `issuingForMicros`. */
export function issuanceConfigFor(
  issuingForMicros: bigint,
  curve: Schedule<IssuanceConfig> = defaultIssuanceCurve,
): IssuanceConfig {
  return scheduleValueAt(curve, issuingForMicros);
}
