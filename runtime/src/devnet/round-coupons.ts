import { amuletTemplateIds as ids } from '@pocketnet/splice';
import type { DsoContract, DsoLedger } from './dso-ledger.ts';

export const roundOf = (contract: DsoContract) =>
  (contract.payload.round as { number: string }).number;

/** The reward coupons and activity records still active for a round. */
export function couponsOf(ledger: DsoLedger, round: string) {
  const of = (template: string) =>
    ledger.active(template).filter((coupon) => roundOf(coupon) === round);
  return {
    validator: of(ids.validatorRewardCoupon),
    app: of(ids.appRewardCoupon),
    sv: of(ids.svRewardCoupon),
    liveness: of(ids.validatorLivenessActivityRecord),
  };
}
