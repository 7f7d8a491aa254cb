import { mulNumeric, numericFromInt } from '@pocketnet/ledger';
import { requireDso, requireOwner } from '../support/checked-fetch.ts';
import { requireWithinDeadline } from '../support/time.ts';
import { numeric } from '../support/values.ts';
import {
  appRewardCoupon,
  svRewardCoupon,
  validatorRewardCoupon,
} from '../templates/reward-coupons.ts';
import type { IssuingMiningRound } from '../templates/rounds.ts';
import { developmentFundCoupon, unclaimedActivityRecord } from '../templates/unclaimed.ts';
import { validatorLivenessActivityRecord } from '../templates/validator-license.ts';
import type { Round } from '../types/base-types.ts';
import type { Consumer } from './transfer-inputs.ts';

// Reward inputs of a transfer: coupons mint at their issuing round's rates (so the round must
// be in the context and issuing), grants at face value until they expire.

function issuingRound(consumer: Consumer, round: Round): IssuingMiningRound {
  const found = consumer.csum.issuingMiningRounds.get(round.number);
  if (found === undefined) {
    consumer.tx.fail(
      `TransferContext did not contain issuing mining round found for Round ${round.number}`,
    );
  }
  return found;
}

export function consumeAppReward(consumer: Consumer, cid: string): void {
  const { tx, csum, sender, sum } = consumer;
  const coupon = tx.fetch(appRewardCoupon, cid);
  requireDso(tx, coupon, csum.dso, cid);
  requireOwner(tx, coupon.beneficiary ?? coupon.provider, sender, cid);
  tx.archive(appRewardCoupon, cid);
  const round = issuingRound(consumer, coupon.round);
  const rate = coupon.featured
    ? round.issuancePerFeaturedAppRewardCoupon
    : round.issuancePerUnfeaturedAppRewardCoupon;
  sum.appReward += mulNumeric(numeric(coupon.amount), numeric(rate));
}

export function consumeValidatorReward(consumer: Consumer, cid: string): void {
  const { tx, csum, sender, sum } = consumer;
  const coupon = tx.fetch(validatorRewardCoupon, cid);
  requireDso(tx, coupon, csum.dso, cid);
  const rightCid =
    csum.validatorRights.get(coupon.user) ??
    tx.fail(`TransferContext did not contain a validator right for user: ${coupon.user}`);
  tx.exercise(validatorRewardCoupon, cid, 'ValidatorRewardCoupon_ArchiveAsValidator', {
    validator: sender,
    rightCid,
  });
  const round = issuingRound(consumer, coupon.round);
  sum.validatorReward += mulNumeric(
    numeric(coupon.amount),
    numeric(round.issuancePerValidatorRewardCoupon),
  );
}

export function consumeSvReward(consumer: Consumer, cid: string): void {
  const { tx, csum, sender, sum } = consumer;
  const coupon = tx.fetch(svRewardCoupon, cid);
  requireDso(tx, coupon, csum.dso, cid);
  requireOwner(tx, coupon.beneficiary, sender, cid);
  tx.exercise(svRewardCoupon, cid, 'SvRewardCoupon_ArchiveAsBeneficiary', {});
  const round = issuingRound(consumer, coupon.round);
  sum.svReward += mulNumeric(
    numericFromInt(BigInt(coupon.weight)),
    numeric(round.issuancePerSvRewardCoupon),
  );
}

export function consumeLivenessRecord(consumer: Consumer, cid: string): void {
  const { tx, csum, sender, sum } = consumer;
  const record = tx.fetch(validatorLivenessActivityRecord, cid);
  requireDso(tx, record, csum.dso, cid);
  requireOwner(tx, record.validator, sender, cid);
  tx.archive(validatorLivenessActivityRecord, cid);
  const faucet = issuingRound(consumer, record.round).optIssuancePerValidatorFaucetCoupon;
  sum.validatorFaucet += faucet === null ? 0n : numeric(faucet);
}

export function consumeGrant(consumer: Consumer, cid: string, kind: 'activity' | 'fund'): void {
  const { tx, csum, sender, sum } = consumer;
  const template = kind === 'activity' ? unclaimedActivityRecord : developmentFundCoupon;
  const grant = tx.fetch(template, cid);
  requireDso(tx, grant, csum.dso, cid);
  requireOwner(tx, grant.beneficiary, sender, cid);
  tx.archive(template, cid);
  const label = kind === 'activity' ? 'UnclaimedActivityRecord' : 'DevelopmentFundCoupon';
  requireWithinDeadline(tx, `${label}.expiresAt`, grant.expiresAt);
  if (kind === 'activity') sum.unclaimedActivityRecord += numeric(grant.amount);
  else sum.developmentFund += numeric(grant.amount);
}
