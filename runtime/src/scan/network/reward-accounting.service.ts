import { formatNumeric, type UndoLog, undoableMap } from '@pocketnet/ledger';
import {
  buildRewardTree,
  defaultRewardBatchSize,
  type RewardBatch,
  type RewardTree,
} from './reward-accounting-tree.ts';
import { type ActivityTotals, activityTotalsOf, allowancesOf } from './reward-allowances.ts';
import type { RoundActivity } from './round-activity.projection.ts';

/** Scan's answer about a round: computed, not yet computable, or before what Scan holds. */
export type RoundAnswer<T> =
  | ({ readonly status: 'Ok'; readonly roundNumber: bigint } & T)
  | { readonly status: 'Undetermined' }
  | { readonly status: 'CannotProvide' };

/** A batch as Scan serves it, amounts as Numeric 10 text. */
export type RewardBatchView =
  | { readonly kind: 'batches'; readonly childHashes: readonly string[] }
  | {
      readonly kind: 'allowances';
      readonly allowances: readonly { readonly provider: string; readonly amount: string }[];
    };

const viewOf = (batch: RewardBatch): RewardBatchView =>
  batch.kind === 'batches'
    ? { kind: 'batches', childHashes: batch.childHashes }
    : {
        kind: 'allowances',
        allowances: batch.allowances.map(({ provider, amount }) => ({
          provider,
          amount: formatNumeric(amount),
        })),
      };

type Computed = { readonly tree: RewardTree; readonly totals: ActivityTotals };

/**
 * CIP-104's reward accounting as Scan serves it: for each closed round, the minting allowances
 * its activity records earn, in a Merkle tree whose root every SV's Scan computes alike.
 * A round Scan has not seen close is Undetermined; one before the earliest round Scan saw open
 * (whose activity it may not have seen whole) it cannot provide.
 */
export function createRewardAccounting(deps: {
  readonly rounds: RoundActivity;
  readonly batchSize?: number;
  readonly undo: UndoLog;
}) {
  // A round a rollback reopens must not keep the tree its closing made.
  const computed = undoableMap<bigint, Computed>(deps.undo);
  const compute = (number: bigint): RoundAnswer<Computed> => {
    const earliest = deps.rounds.earliestRound();
    if (earliest === null || number < earliest) return { status: 'CannotProvide' };
    const cached = computed.get(number);
    if (cached) return { status: 'Ok', roundNumber: number, ...cached };
    const round = deps.rounds.round(number);
    if (round?.closedRound == null) return { status: 'Undetermined' };
    const allowances = allowancesOf(round, round.closedRound);
    const result: Computed = {
      tree: buildRewardTree(number, allowances, deps.batchSize ?? defaultRewardBatchSize),
      totals: activityTotalsOf(round, round.closedRound),
    };
    // A closed round gets no more activity: its tree is final.
    computed.set(number, result);
    return { status: 'Ok', roundNumber: number, ...result };
  };
  const answer = <T>(number: bigint, pick: (result: Computed) => T): RoundAnswer<T> => {
    const result = compute(number);
    return result.status === 'Ok' ? { status: 'Ok', roundNumber: number, ...pick(result) } : result;
  };
  return {
    earliestRound: (): bigint | null => deps.rounds.earliestRound(),
    rootHash: (number: bigint) => answer(number, ({ tree }) => ({ rootHash: tree.rootHash })),
    activityTotals: (number: bigint) => answer(number, ({ totals }) => totals),
    /** A batch of a computed round's tree by its hash; null when there is no such batch. */
    batch(number: bigint, hash: string): RewardBatchView | null {
      const result = compute(number);
      const batch = result.status === 'Ok' ? result.tree.batches.get(hash) : undefined;
      return batch === undefined ? null : viewOf(batch);
    },
  };
}

export type RewardAccounting = ReturnType<typeof createRewardAccounting>;
