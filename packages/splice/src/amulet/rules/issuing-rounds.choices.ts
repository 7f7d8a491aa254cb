import type { Infer, TransactionContext } from '@pocketnet/ledger';
import { defineChoice, t } from '@pocketnet/ledger';
import type { RoundSummary } from '../../economy/issuance.ts';
import { computeIssuingRoundParameters } from '../../economy/issuance.ts';
import { optionalType } from '../../token-standard/optional-type.ts';
import { soleConstructor } from '../../vocabulary/sole-constructor.ts';
import { amuletTemplateIds } from '../amulet-references.ts';
import { requireDso } from '../support/checked-fetch.ts';
import { issuanceConfigOf } from '../support/config-values.ts';
import { addMicros, relTimeMicros, requireDeadlineExceeded } from '../support/time.ts';
import { decimal, numeric } from '../support/values.ts';
import {
  closedMiningRound,
  issuingMiningRound,
  summarizingMiningRound,
} from '../templates/rounds.ts';
import { unclaimedDevelopmentFundCoupon, unclaimedReward } from '../templates/unclaimed.ts';
import type { AmuletRules } from './amulet-rules-fields.ts';

/** Splice.Issuance:OpenMiningRoundSummary: the coupons recorded against a round. */
export const openMiningRoundSummaryType = t.record(
  {
    totalValidatorRewardCoupons: t.numeric(10),
    totalFeaturedAppRewardCoupons: t.numeric(10),
    totalUnfeaturedAppRewardCoupons: t.numeric(10),
    totalSvRewardWeight: t.int64(),
    optTotalValidatorFaucetCoupons: optionalType(t.int64()),
    optTotalValidatorLivenessActivityRecords: optionalType(t.numeric(10)),
  },
  'Splice.Issuance:OpenMiningRoundSummary',
);
export type OpenMiningRoundSummary = Infer<typeof openMiningRoundSummaryType>;

/** Splice's validateOpenMiningRoundSummary; liveness records replace faucet coupons. */
function roundSummaryOf(tx: TransactionContext, summary: OpenMiningRoundSummary): RoundSummary {
  const faucet = summary.optTotalValidatorFaucetCoupons;
  const liveness = summary.optTotalValidatorLivenessActivityRecords;
  if (faucet !== null && liveness !== null) {
    tx.fail(
      'Only optTotalValidatorLivenessActivityRecords or optTotalValidatorFaucetCoupons must be set but not both',
    );
  }
  const parsed: RoundSummary = {
    totalValidatorRewardCoupons: numeric(summary.totalValidatorRewardCoupons),
    totalFeaturedAppRewardCoupons: numeric(summary.totalFeaturedAppRewardCoupons),
    totalUnfeaturedAppRewardCoupons: numeric(summary.totalUnfeaturedAppRewardCoupons),
    totalSvRewardWeight: BigInt(summary.totalSvRewardWeight),
    totalValidatorFaucetCoupons: faucet !== null ? numeric(faucet) : numeric(liveness ?? '0'),
  };
  for (const [name, value] of Object.entries(parsed)) {
    if (value < 0n) tx.fail(`${name} >= 0`);
  }
  return parsed;
}

/**
 * AmuletRules_MiningRound_StartIssuing: fixes what each coupon of the round mints, records the
 * unclaimed remainder and the development fund's share, and opens issuing a tick from now.
 */
export const amuletRulesMiningRoundStartIssuing = defineChoice({
  controllers: (rules: AmuletRules) => [rules.dso],
  consuming: false,
  argument: {
    miningRoundCid: t.contractId(amuletTemplateIds.summarizingMiningRound),
    summary: openMiningRoundSummaryType,
  },
  result: t.record(
    {
      issuingRoundCid: t.contractId(amuletTemplateIds.issuingMiningRound),
      unclaimedDevelopmentFundCouponCid: optionalType(
        t.contractId(amuletTemplateIds.unclaimedDevelopmentFundCoupon),
      ),
    },
    'Splice.AmuletRules:AmuletRules_MiningRound_StartIssuingResult',
  ),
  body: (tx, self, { miningRoundCid, summary }) => {
    const { dso } = self.payload;
    const round = tx.fetch(summarizingMiningRound, miningRoundCid);
    requireDso(tx, round, dso, miningRoundCid);
    tx.archive(summarizingMiningRound, miningRoundCid);
    const params = computeIssuingRoundParameters({
      tickMicros: relTimeMicros(round.tickDuration),
      amuletPrice: numeric(round.amuletPrice),
      config: issuanceConfigOf(round.issuanceConfig),
      summary: roundSummaryOf(tx, summary),
    });
    const unclaimed =
      params.unclaimedValidatorRewards + params.unclaimedAppRewards + params.unclaimedSvRewards;
    if (unclaimed > 0n) tx.create(unclaimedReward, { dso, amount: decimal(unclaimed) });
    const fund = params.amuletsToIssueToDevelopmentFund;
    const unclaimedDevelopmentFundCouponCid =
      fund > 0n ? tx.create(unclaimedDevelopmentFundCoupon, { dso, amount: decimal(fund) }) : null;
    const tick = relTimeMicros(round.tickDuration);
    const opensAt = addMicros(tx.now(), tick);
    const issuingRoundCid = tx.create(issuingMiningRound, {
      dso,
      round: round.round,
      issuancePerValidatorRewardCoupon: decimal(params.issuancePerValidatorRewardCoupon),
      issuancePerFeaturedAppRewardCoupon: decimal(params.issuancePerFeaturedAppRewardCoupon),
      issuancePerUnfeaturedAppRewardCoupon: decimal(params.issuancePerUnfeaturedAppRewardCoupon),
      issuancePerSvRewardCoupon: decimal(params.issuancePerSvRewardCoupon),
      opensAt,
      targetClosesAt: addMicros(opensAt, 2n * tick),
      optIssuancePerValidatorFaucetCoupon: decimal(params.issuancePerValidatorFaucetCoupon),
    });
    return { issuingRoundCid, unclaimedDevelopmentFundCouponCid };
  },
});

/** AmuletRules_MiningRound_Close: an issuing round past its target close becomes closed. */
export const amuletRulesMiningRoundClose = defineChoice({
  controllers: (rules: AmuletRules) => [rules.dso],
  consuming: false,
  argument: { issuingRoundCid: t.contractId(amuletTemplateIds.issuingMiningRound) },
  result: t.record(
    { closedRoundCid: t.contractId(amuletTemplateIds.closedMiningRound) },
    'Splice.AmuletRules:AmuletRules_MiningRound_CloseResult',
  ),
  body: (tx, self, { issuingRoundCid }) => {
    const issuing = tx.fetch(issuingMiningRound, issuingRoundCid);
    requireDso(tx, issuing, self.payload.dso, issuingRoundCid);
    tx.archive(issuingMiningRound, issuingRoundCid);
    requireDeadlineExceeded(tx, 'Mining round is past targetClosesAt', issuing.targetClosesAt);
    const { opensAt: _opensAt, targetClosesAt: _targetClosesAt, ...closed } = issuing;
    return { closedRoundCid: tx.create(closedMiningRound, closed) };
  },
});

/** AmuletRules_MiningRound_Archive: the end of a closed round's life. */
export const amuletRulesMiningRoundArchive = defineChoice({
  controllers: (rules: AmuletRules) => [rules.dso],
  consuming: false,
  argument: { closedRoundCid: t.contractId(amuletTemplateIds.closedMiningRound) },
  result: soleConstructor('Splice.AmuletRules', 'AmuletRules_MiningRound_ArchiveResult'),
  body: (tx, self, { closedRoundCid }) => {
    requireDso(tx, tx.fetch(closedMiningRound, closedRoundCid), self.payload.dso, closedRoundCid);
    tx.archive(closedMiningRound, closedRoundCid);
    return 'AmuletRules_MiningRound_ArchiveResult' as const;
  },
});
