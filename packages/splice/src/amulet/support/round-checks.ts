import type { TransactionContext } from '@pocketnet/ledger';
import { closedMiningRound } from '../templates/rounds.ts';
import type { Round } from '../types/base-types.ts';
import { requireDso, requireRound } from './checked-fetch.ts';

/**
 * Coupons expire only against the ClosedMiningRound of their own round: each round moves
 * through its phases at its own pace, so the proof must name that round.
 */
export function requireClosedRound(
  tx: TransactionContext,
  coupon: { readonly dso: string; readonly round: Round },
  closedRoundCid: string,
): void {
  const closed = tx.fetch(closedMiningRound, closedRoundCid);
  requireDso(tx, closed, coupon.dso, closedRoundCid);
  requireRound(tx, closed, coupon.round, closedRoundCid);
}
