import type { spliceVocabulary } from '@pocketnet/splice';
import { amuletTemplates, validatorLicenseTemplates } from '../vocabulary/splice-templates.ts';
import type { DsoContract, DsoLedger } from './dso-ledger.ts';

/** A round's coupons and records, by kind. */
export type RoundCoupons = {
  readonly validator: DsoContract<spliceVocabulary.splice_amulet.Splice.Amulet.ValidatorRewardCoupon>[];
  readonly app: DsoContract<spliceVocabulary.splice_amulet.Splice.Amulet.AppRewardCoupon>[];
  readonly sv: DsoContract<spliceVocabulary.splice_amulet.Splice.Amulet.SvRewardCoupon>[];
  readonly liveness: DsoContract<spliceVocabulary.splice_amulet.Splice.ValidatorLicense.ValidatorLivenessActivityRecord>[];
};

/** The round number of a contract that belongs to a round (rounds, coupons, activity records). */
export const roundOf = (contract: DsoContract<{ readonly round: { readonly number: string } }>) =>
  contract.payload.round.number;

/** The reward coupons and activity records still active for a round. */
export function couponsOf(ledger: DsoLedger, round: string): RoundCoupons {
  const inRound = <P extends { readonly round: { readonly number: string } }>(
    contracts: DsoContract<P>[],
  ) => contracts.filter((coupon) => roundOf(coupon) === round);
  return {
    validator: inRound(ledger.active(amuletTemplates.ValidatorRewardCoupon)),
    app: inRound(ledger.active(amuletTemplates.AppRewardCoupon)),
    sv: inRound(ledger.active(amuletTemplates.SvRewardCoupon)),
    liveness: inRound(ledger.active(validatorLicenseTemplates.ValidatorLivenessActivityRecord)),
  };
}
