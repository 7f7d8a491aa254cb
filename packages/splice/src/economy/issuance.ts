import type { Numeric } from '@pocketnet/ledger';
import {
  divNumeric,
  maxNumeric,
  minNumeric,
  mulNumeric,
  numericFromInt,
  numericOne,
} from '@pocketnet/ledger';
import type { IssuanceConfig } from './issuance-curve.ts';
import {
  defaultDevelopmentFundPercentage,
  defaultValidatorFaucetCapUsd,
} from './issuance-curve.ts';

// Splice.Issuance computeIssuingRoundParameters, step for step: every product and quotient is
// rounded to Numeric 10 where Daml's Decimal rounds it, so the figures match the ledger's.

const microsPerYear = 365n * 86_400_000_000n;

/** Totals of the reward coupons recorded against one round (Splice's OpenMiningRoundSummary). */
export type RoundSummary = {
  readonly totalValidatorRewardCoupons: Numeric;
  readonly totalFeaturedAppRewardCoupons: Numeric;
  readonly totalUnfeaturedAppRewardCoupons: Numeric;
  readonly totalSvRewardWeight: bigint;
  /** Validator liveness activity records (faucet coupons) of the round. */
  readonly totalValidatorFaucetCoupons: Numeric;
};

export type IssuanceTranche = {
  readonly rewardsToIssue: Numeric;
  readonly issuancePerCoupon: Numeric;
  readonly unclaimedRewards: Numeric;
};

export type IssuingRoundParameters = {
  readonly issuancePerValidatorRewardCoupon: Numeric;
  readonly issuancePerFeaturedAppRewardCoupon: Numeric;
  readonly issuancePerUnfeaturedAppRewardCoupon: Numeric;
  readonly issuancePerSvRewardCoupon: Numeric;
  readonly issuancePerValidatorFaucetCoupon: Numeric;
  readonly unclaimedValidatorRewards: Numeric;
  readonly unclaimedAppRewards: Numeric;
  readonly unclaimedSvRewards: Numeric;
  readonly amuletsToIssueToDevelopmentFund: Numeric;
};

/** Rounds per year at a tick: `365 days / tick` (52 560 at ten minutes). */
export function roundsPerYear(tickMicros: bigint): Numeric {
  return divNumeric(numericFromInt(microsPerYear), numericFromInt(tickMicros));
}

/** What a round mints in total before any split: `amuletToIssuePerYear / roundsPerYear`. */
export function amuletsToIssueInRound(config: IssuanceConfig, tickMicros: bigint): Numeric {
  return divNumeric(config.amuletToIssuePerYear, roundsPerYear(tickMicros));
}

/**
 * One tranche: each coupon gets up to `cap` amulet per unit, sharing `toIssue`. Without coupons
 * the per-coupon figure is the cap (a signal of what one coupon could earn) and all is unclaimed.
 */
export function issuanceTranche(
  toIssue: Numeric,
  cap: Numeric,
  totalCoupons: Numeric,
): IssuanceTranche {
  if (totalCoupons <= 0n) {
    return { rewardsToIssue: toIssue, issuancePerCoupon: cap, unclaimedRewards: toIssue };
  }
  const scaledTotal = mulNumeric(cap, totalCoupons);
  // A zero cap (or one so small that cap × coupons rounds to zero) pays nothing; Daml would
  // divide by zero here and abort the whole round.
  if (scaledTotal === 0n)
    return { rewardsToIssue: toIssue, issuancePerCoupon: 0n, unclaimedRewards: toIssue };
  const capped = minNumeric(toIssue, scaledTotal);
  const perCoupon = divNumeric(mulNumeric(capped, cap), scaledTotal);
  const unclaimed = maxNumeric(0n, toIssue - mulNumeric(perCoupon, totalCoupons));
  return { rewardsToIssue: toIssue, issuancePerCoupon: perCoupon, unclaimedRewards: unclaimed };
}

type RoundInputs = {
  readonly tickMicros: bigint;
  readonly amuletPrice: Numeric;
  readonly config: IssuanceConfig;
  readonly summary: RoundSummary;
};

function svShare(pool: Numeric, weight: bigint): { perCoupon: Numeric; unclaimed: Numeric } {
  if (weight === 0n) return { perCoupon: pool, unclaimed: pool };
  const perCoupon = divNumeric(pool, numericFromInt(weight));
  return {
    perCoupon,
    unclaimed: maxNumeric(0n, pool - mulNumeric(perCoupon, numericFromInt(weight))),
  };
}

/** Validators get their tranche up to the cap; faucets (liveness) share what is left of it. */
function validatorTranches(inputs: RoundInputs, adjusted: Numeric) {
  const { config, summary } = inputs;
  const validator = issuanceTranche(
    mulNumeric(adjusted, config.validatorRewardPercentage),
    config.validatorRewardCap,
    summary.totalValidatorRewardCoupons,
  );
  const faucetCapUsd = config.optValidatorFaucetCap ?? defaultValidatorFaucetCapUsd;
  const faucetCap = divNumeric(faucetCapUsd, inputs.amuletPrice);
  const faucet = issuanceTranche(
    validator.unclaimedRewards,
    faucetCap,
    summary.totalValidatorFaucetCoupons,
  );
  return { validator, faucet };
}

/** Every app coupon gets the unfeatured rate; featured ones share the rest up to their cap. */
function appTranches(inputs: RoundInputs, adjusted: Numeric) {
  const { config, summary } = inputs;
  const unfeatured = issuanceTranche(
    mulNumeric(adjusted, config.appRewardPercentage),
    config.unfeaturedAppRewardCap,
    summary.totalFeaturedAppRewardCoupons + summary.totalUnfeaturedAppRewardCoupons,
  );
  const featured = issuanceTranche(
    unfeatured.unclaimedRewards,
    config.featuredAppRewardCap - config.unfeaturedAppRewardCap,
    summary.totalFeaturedAppRewardCoupons,
  );
  return { unfeatured, featured };
}

/** The issuance parameters of a round that starts issuing, from its summary of coupons. */
export function computeIssuingRoundParameters(inputs: RoundInputs): IssuingRoundParameters {
  const { config, summary } = inputs;
  const perRound = amuletsToIssueInRound(config, inputs.tickMicros);
  const devShare = config.optDevelopmentFundPercentage ?? defaultDevelopmentFundPercentage;
  const adjusted = mulNumeric(perRound, numericOne - devShare);
  const { validator, faucet } = validatorTranches(inputs, adjusted);
  const { unfeatured, featured } = appTranches(inputs, adjusted);
  const svPool = adjusted - validator.rewardsToIssue - unfeatured.rewardsToIssue;
  const sv = svShare(svPool, summary.totalSvRewardWeight);
  return {
    issuancePerValidatorRewardCoupon: validator.issuancePerCoupon,
    issuancePerFeaturedAppRewardCoupon: unfeatured.issuancePerCoupon + featured.issuancePerCoupon,
    issuancePerUnfeaturedAppRewardCoupon: unfeatured.issuancePerCoupon,
    issuancePerSvRewardCoupon: sv.perCoupon,
    issuancePerValidatorFaucetCoupon: faucet.issuancePerCoupon,
    unclaimedValidatorRewards: faucet.unclaimedRewards,
    unclaimedAppRewards: featured.unclaimedRewards,
    unclaimedSvRewards: sv.unclaimed,
    amuletsToIssueToDevelopmentFund: mulNumeric(perRound, devShare),
  };
}
