import {
  divNumeric,
  formatNumeric,
  maxNumeric,
  mulNumeric,
  numericFromInt,
  numericOne,
  parseNumeric,
} from '@pocketnet/ledger';
import { roundsPerYear, type spliceVocabulary } from '@pocketnet/splice';
import type { MintingAllowance } from './reward-accounting-tree.ts';
import type { ActivityRecord, RoundHistory } from './round-activity.projection.ts';

type OpenRound = spliceVocabulary.splice_amulet.Splice.Round.OpenMiningRound;
type ClosedRound = spliceVocabulary.splice_amulet.Splice.Round.ClosedMiningRound;

/**
 * What one activity record mints, at the rates its round was closed with, as a transfer that
 * collects it would: coupon amount × issuance per coupon, a liveness record the faucet rate.
 */
export function allowanceOf(record: ActivityRecord, closed: ClosedRound): bigint {
  switch (record.kind) {
    case 'app': {
      const rate = record.featured
        ? closed.issuancePerFeaturedAppRewardCoupon
        : closed.issuancePerUnfeaturedAppRewardCoupon;
      return mulNumeric(parseNumeric(record.amount), parseNumeric(rate));
    }
    case 'validator':
      return mulNumeric(
        parseNumeric(record.amount),
        parseNumeric(closed.issuancePerValidatorRewardCoupon),
      );
    case 'sv':
      return mulNumeric(
        numericFromInt(BigInt(record.weight)),
        parseNumeric(closed.issuancePerSvRewardCoupon),
      );
    case 'liveness': {
      const faucet = closed.optIssuancePerValidatorFaucetCoupon;
      return faucet === null ? 0n : parseNumeric(faucet);
    }
  }
}

/** Each active party's allowance for a closed round: the sum over its activity records. */
export function allowancesOf(round: RoundHistory, closed: ClosedRound): MintingAllowance[] {
  const byParty = new Map<string, bigint>();
  for (const record of round.records) {
    byParty.set(record.party, (byParty.get(record.party) ?? 0n) + allowanceOf(record, closed));
  }
  return [...byParty].map(([provider, amount]) => ({ provider, amount }));
}

const defaultDevelopmentFundShare = parseNumeric('0.05');

/**
 * The app tranche the round had to issue, from the issuance config its open round carried:
 * `amuletToIssuePerYear / roundsPerYear × (1 − development fund share) × app percentage`.
 */
export function appTrancheOf(openRound: OpenRound | null): bigint {
  if (openRound === null) return 0n;
  const config = openRound.issuanceConfig;
  const tick = BigInt(openRound.tickDuration.microseconds);
  const perRound = divNumeric(parseNumeric(config.amuletToIssuePerYear), roundsPerYear(tick));
  const fundShare =
    typeof config.optDevelopmentFundPercentage === 'string'
      ? parseNumeric(config.optDevelopmentFundPercentage)
      : defaultDevelopmentFundShare;
  const adjusted = mulNumeric(perRound, numericOne - fundShare);
  return mulNumeric(adjusted, parseNumeric(config.appRewardPercentage));
}

/** The activity totals of a closed round (CIP-104's shape, over pocketnet's coupons). */
export function activityTotalsOf(round: RoundHistory, closed: ClosedRound) {
  const app = round.records.filter((record) => record.kind === 'app');
  const appByParty = new Map<string, bigint>();
  for (const record of app) {
    appByParty.set(
      record.party,
      (appByParty.get(record.party) ?? 0n) + allowanceOf(record, closed),
    );
  }
  const appAllowance = [...appByParty.values()].reduce((sum, amount) => sum + amount, 0n);
  return {
    totalAppActivityWeight: BigInt(app.length),
    activePartiesCount: BigInt(new Set(round.records.map((record) => record.party)).size),
    activityRecordsCount: BigInt(round.records.length),
    totalAppRewardMintingAllowance: formatNumeric(appAllowance),
    totalAppRewardThresholded: formatNumeric(0n),
    totalAppRewardUnclaimed: formatNumeric(
      maxNumeric(0n, appTrancheOf(round.openRound) - appAllowance),
    ),
    rewardedAppProviderPartiesCount: BigInt(
      [...appByParty.values()].filter((amount) => amount > 0n).length,
    ),
  };
}

export type ActivityTotals = ReturnType<typeof activityTotalsOf>;
