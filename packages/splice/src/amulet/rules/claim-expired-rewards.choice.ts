import type { Numeric, TransactionContext } from '@pocketnet/ledger';
import { defineChoice, mulNumeric, numericFromInt, t } from '@pocketnet/ledger';
import { optionalType } from '../../token-standard/optional-type.ts';
import { amuletTemplateIds as ids } from '../amulet-references.ts';
import { requireDso } from '../support/checked-fetch.ts';
import { decimal, numeric } from '../support/values.ts';
import {
  appRewardCoupon,
  svRewardCoupon,
  validatorRewardCoupon,
} from '../templates/reward-coupons.ts';
import type { ClosedMiningRound } from '../templates/rounds.ts';
import { closedMiningRound } from '../templates/rounds.ts';
import { unclaimedReward } from '../templates/unclaimed.ts';
import { validatorLivenessActivityRecord } from '../templates/validator-license.ts';
import type { AmuletRules } from './amulet-rules-fields.ts';

type ExpiredCoupons = {
  readonly closedRoundCid: string;
  readonly validatorRewardCouponCids: readonly string[];
  readonly appCouponCids: readonly string[];
  readonly svRewardCouponCids: readonly string[];
  readonly optValidatorLivenessActivityRecordCids: readonly string[] | null;
};

type Expiry = {
  readonly tx: TransactionContext;
  readonly closed: { readonly closedRoundCid: string };
};

function expireValidatorCoupons({ tx, closed }: Expiry, cids: readonly string[]): Numeric {
  return cids.reduce((total, cid) => {
    const choice = 'ValidatorRewardCoupon_DsoExpire';
    return total + numeric(tx.exercise(validatorRewardCoupon, cid, choice, closed).amount);
  }, 0n);
}

function expireAppCoupons({ tx, closed }: Expiry, cids: readonly string[]) {
  const totals = { featured: 0n, unfeatured: 0n };
  for (const cid of cids) {
    const { featured, amount } = tx.exercise(
      appRewardCoupon,
      cid,
      'AppRewardCoupon_DsoExpire',
      closed,
    );
    if (featured) totals.featured += numeric(amount);
    else totals.unfeatured += numeric(amount);
  }
  return totals;
}

function expireSvCoupons({ tx, closed }: Expiry, cids: readonly string[]): bigint {
  return cids.reduce((total, cid) => {
    const { weight } = tx.exercise(svRewardCoupon, cid, 'SvRewardCoupon_DsoExpire', closed);
    return total + BigInt(weight);
  }, 0n);
}

function expireLivenessRecords({ tx, closed }: Expiry, cids: readonly string[]): bigint {
  const choice = 'ValidatorLivenessActivityRecord_DsoExpire';
  for (const cid of cids) tx.exercise(validatorLivenessActivityRecord, cid, choice, closed);
  return BigInt(cids.length);
}

/**
 * Expires every coupon (each checks that the closed round is its own) and values what they
 * forfeit as Splice does: totals per kind times the round's issuance per coupon.
 */
function expireCoupons(
  tx: TransactionContext,
  round: ClosedMiningRound,
  coupons: ExpiredCoupons,
): Numeric {
  const expiry = { tx, closed: { closedRoundCid: coupons.closedRoundCid } };
  const validator = expireValidatorCoupons(expiry, coupons.validatorRewardCouponCids);
  const liveness = expireLivenessRecords(
    expiry,
    coupons.optValidatorLivenessActivityRecordCids ?? [],
  );
  const app = expireAppCoupons(expiry, coupons.appCouponCids);
  const svWeight = expireSvCoupons(expiry, coupons.svRewardCouponCids);
  const faucetRate = round.optIssuancePerValidatorFaucetCoupon;
  return (
    mulNumeric(validator, numeric(round.issuancePerValidatorRewardCoupon)) +
    mulNumeric(numericFromInt(liveness), faucetRate === null ? 0n : numeric(faucetRate)) +
    mulNumeric(app.featured, numeric(round.issuancePerFeaturedAppRewardCoupon)) +
    mulNumeric(app.unfeatured, numeric(round.issuancePerUnfeaturedAppRewardCoupon)) +
    mulNumeric(numericFromInt(svWeight), numeric(round.issuancePerSvRewardCoupon))
  );
}

/** AmuletRules_ClaimExpiredRewards: a closed round's leftover coupons become an UnclaimedReward. */
export const amuletRulesClaimExpiredRewards = defineChoice({
  controllers: (rules: AmuletRules) => [rules.dso],
  consuming: false,
  argument: {
    closedRoundCid: t.contractId(ids.closedMiningRound),
    validatorRewardCouponCids: t.list(t.contractId(ids.validatorRewardCoupon)),
    appCouponCids: t.list(t.contractId(ids.appRewardCoupon)),
    svRewardCouponCids: t.list(t.contractId(ids.svRewardCoupon)),
    optValidatorFaucetCouponCids: optionalType(t.list(t.contractId())),
    optValidatorLivenessActivityRecordCids: optionalType(
      t.list(t.contractId(ids.validatorLivenessActivityRecord)),
    ),
  },
  result: t.record(
    { unclaimedRewardCid: optionalType(t.contractId(ids.unclaimedReward)) },
    'Splice.AmuletRules:AmuletRules_ClaimExpiredRewardsResult',
  ),
  body: (tx, self, argument) => {
    const { dso } = self.payload;
    const round = tx.fetch(closedMiningRound, argument.closedRoundCid);
    requireDso(tx, round, dso, argument.closedRoundCid);
    if ((argument.optValidatorFaucetCouponCids ?? []).length > 0) {
      tx.fail(
        'ValidatorFaucetCoupons are not supported: expire ValidatorLivenessActivityRecords instead',
      );
    }
    const amount = expireCoupons(tx, round, argument);
    return {
      unclaimedRewardCid:
        amount > 0n ? tx.create(unclaimedReward, { dso, amount: decimal(amount) }) : null,
    };
  },
});
