import { parseNumeric } from '@pocketnet/ledger';
import { amuletTemplateIds as ids } from '../src/amulet/amulet-references.ts';
import type { AmuletLedger } from './amulet-ledger.test-helper.ts';
import { tickMicros } from './splice-ledger.test-helper.ts';

// What SV automation does each tick, for tests: advance the open rounds, start issuing the
// summarizing ones with a summary of their coupons, close due issuing rounds, expire the
// leftovers of closed rounds and archive them.

type Contract = { contractId: string; payload: Record<string, unknown> };
const roundOf = (contract: Contract) => (contract.payload.round as { number: string }).number;
const due = (net: AmuletLedger, time: unknown) =>
  Date.parse(String(time)) * 1000 <= Number(net.ledger.clock.nowMicros());

function active(net: AmuletLedger, template: string): Contract[] {
  return net.ledger.active(template) as Contract[];
}

function couponsOf(net: AmuletLedger, round: string) {
  const of = (template: string) =>
    active(net, template).filter((coupon) => roundOf(coupon) === round);
  return {
    validator: of(ids.validatorRewardCoupon),
    app: of(ids.appRewardCoupon),
    sv: of(ids.svRewardCoupon),
    liveness: of(ids.validatorLivenessActivityRecord),
  };
}

const format = (units: bigint) => {
  const text = units.toString().padStart(11, '0');
  return `${text.slice(0, -10)}.${text.slice(-10)}`;
};

/** The OpenMiningRoundSummary SV automation would compute for a round. */
export function summaryOf(net: AmuletLedger, round: string) {
  const coupons = couponsOf(net, round);
  const sum = (list: Contract[], field: string) =>
    list.reduce((total, coupon) => total + parseNumeric(String(coupon.payload[field])), 0n);
  const featured = coupons.app.filter((coupon) => coupon.payload.featured === true);
  const unfeatured = coupons.app.filter((coupon) => coupon.payload.featured !== true);
  return {
    totalValidatorRewardCoupons: format(sum(coupons.validator, 'amount')),
    totalFeaturedAppRewardCoupons: format(sum(featured, 'amount')),
    totalUnfeaturedAppRewardCoupons: format(sum(unfeatured, 'amount')),
    totalSvRewardWeight: coupons.sv
      .reduce((total, coupon) => total + BigInt(String(coupon.payload.weight)), 0n)
      .toString(),
    optTotalValidatorFaucetCoupons: null,
    optTotalValidatorLivenessActivityRecords: format(BigInt(coupons.liveness.length) * 10n ** 10n),
  };
}

async function advanceOpenRounds(net: AmuletLedger): Promise<void> {
  const [oldest, middle, latest] = net.openRounds();
  if (oldest === undefined || middle === undefined || latest === undefined) return;
  const payload = active(net, ids.openMiningRound).find(
    (round) => round.contractId === oldest.contractId,
  )?.payload;
  if (!due(net, payload?.targetClosesAt) || !due(net, latest.opensAt)) return;
  await net.rules('AmuletRules_AdvanceOpenMiningRounds', [net.dso], {
    amuletPrice: String(payload?.amuletPrice),
    roundToArchiveCid: oldest.contractId,
    middleRoundCid: middle.contractId,
    latestRoundCid: latest.contractId,
  });
}

/** One pass of round automation at the current time. */
export async function runRoundAutomation(net: AmuletLedger): Promise<void> {
  await advanceOpenRounds(net);
  for (const summarizing of active(net, ids.summarizingMiningRound)) {
    const summary = summaryOf(net, roundOf(summarizing));
    await net.rules('AmuletRules_MiningRound_StartIssuing', [net.dso], {
      miningRoundCid: summarizing.contractId,
      summary,
    });
  }
  for (const issuing of active(net, ids.issuingMiningRound).filter((round) =>
    due(net, round.payload.targetClosesAt),
  )) {
    await net.rules('AmuletRules_MiningRound_Close', [net.dso], {
      issuingRoundCid: issuing.contractId,
    });
  }
  for (const closed of active(net, ids.closedMiningRound)) {
    const coupons = couponsOf(net, roundOf(closed));
    const cids = (list: Contract[]) => list.map(({ contractId }) => contractId);
    await net.rules('AmuletRules_ClaimExpiredRewards', [net.dso], {
      closedRoundCid: closed.contractId,
      validatorRewardCouponCids: cids(coupons.validator),
      appCouponCids: cids(coupons.app),
      svRewardCouponCids: cids(coupons.sv),
      optValidatorFaucetCouponCids: null,
      optValidatorLivenessActivityRecordCids: cids(coupons.liveness),
    });
    await net.rules('AmuletRules_MiningRound_Archive', [net.dso], {
      closedRoundCid: closed.contractId,
    });
  }
}

/** Advances the clock by `ticks` ticks, running round automation after each. */
export async function advanceTicks(net: AmuletLedger, ticks = 1): Promise<void> {
  for (let tick = 0; tick < ticks; tick++) {
    net.ledger.clock.advance(tickMicros);
    await runRoundAutomation(net);
  }
}

/** Issuing rounds whose coupons can be minted now, as a TransferContext `issuingMiningRounds`. */
export function openIssuingRounds(net: AmuletLedger): [{ number: string }, string][] {
  return active(net, ids.issuingMiningRound)
    .filter((round) => due(net, round.payload.opensAt))
    .map((round) => [{ number: roundOf(round) }, round.contractId]);
}
