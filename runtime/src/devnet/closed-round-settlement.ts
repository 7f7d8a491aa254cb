import { parseTime } from '@pocketnet/ledger';
import {
  amuletRulesChoices,
  amuletRulesTemplate,
  roundTemplates,
} from '../vocabulary/splice-templates.ts';
import type { DsoContract, DsoLedger } from './dso-ledger.ts';
import { couponsOf, roundOf } from './round-coupons.ts';

// Expired coupons go in batches, as Splice's expiry trigger does: a round with 100,000 unclaimed
// coupons makes a thousand modest transactions rather than one that every reader must swallow.
const couponBatchSize = 100;

/**
 * How often Splice's SV automation polls for time-based work (its AutomationConfig's default
 * `pollingInterval`, 30 s). A closed round is settled by two such triggers in turn: the first
 * poll after the close expires the coupons it left (ExpireRewardCouponsTrigger), the next finds
 * it without coupons and archives it (ArchiveClosedMiningRoundsTrigger). Until then the
 * ClosedMiningRound is on the ledger, where Scan's `/v0/closed-rounds` shows it.
 */
export const svPollingIntervalMicros = 30_000_000n;

const closedAtOf = (round: DsoContract<unknown>): bigint => {
  const closedAt = parseTime(round.createdAt);
  if (closedAt === null) throw new Error(`a closed round has no creation time: ${round.createdAt}`);
  return closedAt;
};

/**
 * When the DSO next acts on a closed round: a poll after the close while it still has coupons
 * (their expiry), a poll after that once it has none (its archival).
 */
export function nextSettlementDue(ledger: DsoLedger): bigint | null {
  let next: bigint | null = null;
  for (const closed of ledger.active(roundTemplates.ClosedMiningRound)) {
    const expiry = closedAtOf(closed) + svPollingIntervalMicros;
    const due = hasCoupons(couponsOf(ledger, roundOf(closed)))
      ? expiry
      : expiry + svPollingIntervalMicros;
    if (next === null || due < next) next = due;
  }
  return next;
}

const hasCoupons = (coupons: ReturnType<typeof couponsOf>) =>
  Object.values(coupons).some((list) => list.length > 0);

/**
 * Settles the closed rounds whose time has come: a polling interval after its close, a round's
 * leftover coupons are expired; another interval later, the round (now without coupons) is
 * archived.
 */
export async function settleClosedRounds(ledger: DsoLedger, now: bigint) {
  const [rules] = ledger.active(amuletRulesTemplate);
  if (!rules) return;
  for (const closed of ledger.active(roundTemplates.ClosedMiningRound)) {
    const expiry = closedAtOf(closed) + svPollingIntervalMicros;
    if (now < expiry) continue;
    for (const batch of couponBatches(couponsOf(ledger, roundOf(closed)))) {
      await ledger.exercise(
        amuletRulesTemplate,
        rules.contractId,
        amuletRulesChoices.AmuletRules_ClaimExpiredRewards,
        {
          closedRoundCid: closed.contractId,
          optValidatorFaucetCouponCids: null,
          validatorRewardCouponCids: batch.validatorRewardCouponCids,
          appCouponCids: batch.appCouponCids,
          svRewardCouponCids: batch.svRewardCouponCids,
          optValidatorLivenessActivityRecordCids: batch.optValidatorLivenessActivityRecordCids,
        },
      );
    }
    if (now < expiry + svPollingIntervalMicros) continue;
    await ledger.exercise(
      amuletRulesTemplate,
      rules.contractId,
      amuletRulesChoices.AmuletRules_MiningRound_Archive,
      { closedRoundCid: closed.contractId },
    );
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
