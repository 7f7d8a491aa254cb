import { fc, test } from '@fast-check/vitest';
import { mulNumeric, parseNumeric } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import {
  amuletsToIssueInRound,
  computeIssuingRoundParameters,
  issuanceTranche,
  roundsPerYear,
} from './issuance.ts';
import { defaultIssuanceCurve, issuanceConfigFor } from './issuance-curve.ts';

const n = (text: string) => parseNumeric(text);
const tick = 600_000_000n;
const hour = 3_600_000_000n;
const noCoupons = {
  totalValidatorRewardCoupons: 0n,
  totalFeaturedAppRewardCoupons: 0n,
  totalUnfeaturedAppRewardCoupons: 0n,
  totalSvRewardWeight: 0n,
  totalValidatorFaucetCoupons: 0n,
};

describe('the default issuance curve', () => {
  it('is looked up by issuingFor: 40e9, then 20e9 at 0.5 y, 10e9 at 1.5 y, 5e9 at 5 y, 2.5e9 at 10 y', () => {
    const perYear = (at: bigint) => issuanceConfigFor(at).amuletToIssuePerYear;
    expect(perYear(0n)).toBe(n('40000000000'));
    expect(perYear(4_380n * hour - 1n)).toBe(n('40000000000'));
    expect(perYear(4_380n * hour)).toBe(n('20000000000'));
    expect(perYear(13_140n * hour)).toBe(n('10000000000'));
    expect(perYear(43_800n * hour)).toBe(n('5000000000'));
    expect(perYear(87_600n * hour * 3n)).toBe(n('2500000000'));
    expect(issuanceConfigFor(13_140n * hour).appRewardPercentage).toBe(n('0.62'));
  });
});

describe("a round's issuance in the 1.5–5 year segment, worked by hand", () => {
  // 365 days / 10 min = 52 560 rounds a year; 10e9 / 52560 = 190258.75190258751… per round.
  const config = defaultIssuanceCurve.futureValues[1]?.value ?? defaultIssuanceCurve.initialValue;
  const price = n('0.005');

  it('mints 190258.7519025875 a round before the development fund takes 5 %', () => {
    expect(roundsPerYear(tick)).toBe(n('52560'));
    expect(amuletsToIssueInRound(config, tick)).toBe(n('190258.7519025875'));
  });

  it('gives 9512.94 to the dev fund, 32534.25 to validators, 112062.40 to apps, the rest to SVs', () => {
    const params = computeIssuingRoundParameters({
      tickMicros: tick,
      amuletPrice: price,
      config,
      summary: noCoupons,
    });
    // dev fund 190258.7519025875 × 0.05 = 9512.937595129375 → 9512.9375951294
    expect(params.amuletsToIssueToDevelopmentFund).toBe(n('9512.9375951294'));
    // adjusted 190258.7519025875 × 0.95 = 180745.814307458125 → 180745.8143074581;
    // validators × 0.18 = 32534.2465753425, apps × 0.62 = 112062.4048706240,
    // SVs 180745.8143074581 − 32534.2465753425 − 112062.4048706240 = 36149.1628614916.
    // Without coupons every tranche is unclaimed and each per-coupon figure signals its cap.
    expect(params.unclaimedValidatorRewards).toBe(n('32534.2465753425'));
    expect(params.unclaimedAppRewards).toBe(n('112062.404870624'));
    expect(params.unclaimedSvRewards).toBe(n('36149.1628614916'));
    expect(params.issuancePerValidatorRewardCoupon).toBe(n('0.2'));
    expect(params.issuancePerUnfeaturedAppRewardCoupon).toBe(n('0.6'));
    expect(params.issuancePerFeaturedAppRewardCoupon).toBe(n('100'));
    // 2.85 USD / 0.005 USD per amulet = 570 amulet per validator.
    expect(params.issuancePerValidatorFaucetCoupon).toBe(n('570'));
    expect(params.issuancePerSvRewardCoupon).toBe(n('36149.1628614916'));
  });

  it('pays capped tranches to coupons and leaves the remainder unclaimed', () => {
    const summary = {
      totalValidatorRewardCoupons: n('1000'),
      totalFeaturedAppRewardCoupons: n('500'),
      totalUnfeaturedAppRewardCoupons: n('2000'),
      totalSvRewardWeight: 5n,
      totalValidatorFaucetCoupons: n('10'),
    };
    const params = computeIssuingRoundParameters({
      tickMicros: tick,
      amuletPrice: price,
      config,
      summary,
    });
    // validators: 1000 × cap 0.2 = 200 of 32534.2465753425; 32334.2465753425 left for faucets,
    // 10 × 570 = 5700 of it paid, 26634.2465753425 unclaimed.
    expect(params.issuancePerValidatorRewardCoupon).toBe(n('0.2'));
    expect(params.issuancePerValidatorFaucetCoupon).toBe(n('570'));
    expect(params.unclaimedValidatorRewards).toBe(n('26634.2465753425'));
    // apps: 2500 × 0.6 = 1500 of 112062.404870624; featured extra 500 × 99.4 = 49700 of the
    // remaining 110562.404870624, so featured coupons mint 100 each; 60862.404870624 unclaimed.
    expect(params.issuancePerUnfeaturedAppRewardCoupon).toBe(n('0.6'));
    expect(params.issuancePerFeaturedAppRewardCoupon).toBe(n('100'));
    expect(params.unclaimedAppRewards).toBe(n('60862.404870624'));
    // SVs: 36149.1628614916 / 5 = 7229.83257229832 → 7229.8325722983, 0.0000000001 left over.
    expect(params.issuancePerSvRewardCoupon).toBe(n('7229.8325722983'));
    expect(params.unclaimedSvRewards).toBe(n('0.0000000001'));
  });
});

// Realistic scales: tranches up to 1e8 amulet, caps from 0.01 to 1e6, coupons from 0.01 up.
const amountsToIssue = fc.bigInt({ min: 1n, max: 10n ** 18n });
const caps = fc.bigInt({ min: 10n ** 8n, max: 10n ** 16n });
const couponTotals = fc.oneof(fc.constant(0n), fc.bigInt({ min: 10n ** 8n, max: 10n ** 18n }));

describe('tranche laws', () => {
  test.prop([amountsToIssue, caps, couponTotals])(
    'never pays a coupon more than the cap, nor more in total than the tranche (beyond rounding)',
    (toIssue, cap, totalCoupons) => {
      const tranche = issuanceTranche(toIssue, cap, totalCoupons);
      expect(tranche.unclaimedRewards).toBeGreaterThanOrEqual(0n);
      expect(tranche.unclaimedRewards).toBeLessThanOrEqual(toIssue);
      if (totalCoupons === 0n || tranche.issuancePerCoupon === 0n) return;
      expect(tranche.issuancePerCoupon).toBeLessThanOrEqual(cap + cap / 10n ** 9n + 1n);
      const paid = mulNumeric(tranche.issuancePerCoupon, totalCoupons);
      // Half-even rounding of cap × coupons and of the per-coupon figure may over-issue, in the
      // rewardees' favour, by a share of the tranche inverse to cap × coupons in units.
      const scaled = mulNumeric(cap, totalCoupons);
      expect(paid).toBeLessThanOrEqual(toIssue + toIssue / scaled + totalCoupons / 10n ** 10n + 2n);
    },
  );
});
