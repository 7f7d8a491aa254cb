import { formatNumeric } from '@pocketnet/ledger';
import type { HoldingsSummaries } from '@pocketnet/runtime';
import { formatScanTime } from './record-time.ts';

/**
 * `/v0/holdings/summary` (HoldingsSummary: with the holding fees as of a round) or
 * `/v1/holdings/summary` (HoldingsSummaryV1: without).
 */
export function renderHoldingsSummaries(answer: HoldingsSummaries, version: 'v0' | 'v1') {
  return {
    record_time: formatScanTime(answer.snapshot.recordTimeMicros),
    migration_id: answer.snapshot.migrationId,
    ...(version === 'v0' ? { computed_as_of_round: Number(answer.round ?? 0n) } : {}),
    summaries: answer.summaries.map(({ owner, totals }) => {
      const { unlocked, locked, feesUnlocked, feesLocked } = totals;
      const amounts = {
        party_id: owner,
        total_unlocked_coin: formatNumeric(unlocked),
        total_locked_coin: formatNumeric(locked),
        total_coin_holdings: formatNumeric(unlocked + locked),
      };
      if (version === 'v1') return amounts;
      return {
        ...amounts,
        accumulated_holding_fees_unlocked: formatNumeric(feesUnlocked),
        accumulated_holding_fees_locked: formatNumeric(feesLocked),
        accumulated_holding_fees_total: formatNumeric(feesUnlocked + feesLocked),
        total_available_coin: formatNumeric(unlocked - feesUnlocked),
      };
    }),
  };
}
