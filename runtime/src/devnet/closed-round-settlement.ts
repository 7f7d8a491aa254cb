import { amuletTemplateIds as ids } from '@pocketnet/splice';
import type { DsoLedger } from './dso-ledger.ts';
import { couponsOf, roundOf } from './round-coupons.ts';

// Expired coupons go in batches, as Splice's expiry trigger does: a round with 100,000 unclaimed
// coupons makes a thousand modest transactions rather than one that every reader must swallow.
const couponBatchSize = 100;

/** Expires what closed rounds left unclaimed, then archives them. */
export async function settleClosedRounds(ledger: DsoLedger) {
  const [rules] = ledger.active(ids.amuletRules);
  if (!rules) return;
  for (const closed of ledger.active(ids.closedMiningRound)) {
    for (const batch of couponBatches(couponsOf(ledger, roundOf(closed)))) {
      await ledger.exercise(ids.amuletRules, rules.contractId, 'AmuletRules_ClaimExpiredRewards', {
        closedRoundCid: closed.contractId,
        optValidatorFaucetCouponCids: null,
        ...batch,
      });
    }
    await ledger.exercise(ids.amuletRules, rules.contractId, 'AmuletRules_MiningRound_Archive', {
      closedRoundCid: closed.contractId,
    });
  }
}

type CouponBatch = {
  validatorRewardCouponCids: string[];
  appCouponCids: string[];
  svRewardCouponCids: string[];
  optValidatorLivenessActivityRecordCids: string[];
};

function couponBatches(coupons: ReturnType<typeof couponsOf>): CouponBatch[] {
  const all = [
    ...coupons.validator.map((c) => ['validatorRewardCouponCids', c.contractId] as const),
    ...coupons.app.map((c) => ['appCouponCids', c.contractId] as const),
    ...coupons.sv.map((c) => ['svRewardCouponCids', c.contractId] as const),
    ...coupons.liveness.map(
      (c) => ['optValidatorLivenessActivityRecordCids', c.contractId] as const,
    ),
  ];
  const batches: CouponBatch[] = [];
  for (let start = 0; start < all.length; start += couponBatchSize) {
    const batch: CouponBatch = {
      validatorRewardCouponCids: [],
      appCouponCids: [],
      svRewardCouponCids: [],
      optValidatorLivenessActivityRecordCids: [],
    };
    for (const [field, contractId] of all.slice(start, start + couponBatchSize)) {
      batch[field].push(contractId);
    }
    batches.push(batch);
  }
  return batches;
}
