import { type CreatedNode, parseNumeric } from '@pocketnet/ledger';
import { accruedHoldingFee, type ExpiringAmount, type spliceVocabulary } from '@pocketnet/splice';
import { amuletTemplates, roundTemplates } from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import {
  amuletKey,
  type HoldingsIndex,
  lockedAmuletKey,
  type SnapshotContracts,
} from './snapshot-pages.ts';

type AmountValue = spliceVocabulary.splice_amulet.Splice.Fees.ExpiringAmount;

/** What an owner holds in a snapshot, and the holding fees it accrued by a round. */
export type HoldingsTotals = {
  readonly unlocked: bigint;
  readonly locked: bigint;
  readonly feesUnlocked: bigint;
  readonly feesLocked: bigint;
};

const expiringAmountOf = (value: AmountValue): ExpiringAmount => ({
  initialAmount: parseNumeric(value.initialAmount),
  createdAt: BigInt(value.createdAt.number),
  ratePerRound: parseNumeric(value.ratePerRound.rate),
});

/**
 * Splice's holdings summary of one owner: initial amounts of unlocked and locked amulets, and
 * the holding fees they accrued by `asOfRound`.
 */
export function summarizeHoldings(
  snapshot: SnapshotContracts,
  index: HoldingsIndex,
  request: {
    readonly owner: string;
    readonly asOfRound: bigint;
    readonly keyOf: (id: string) => string;
  },
): HoldingsTotals {
  let unlocked = 0n;
  let locked = 0n;
  let feesUnlocked = 0n;
  let feesLocked = 0n;
  for (const position of index.get(request.owner) ?? []) {
    const node = snapshot.entryAt(snapshot.keys[position] ?? 0)?.node;
    if (!node) continue;
    const key = request.keyOf(node.templateId);
    const value =
      key === amuletKey
        ? payloadOf(amuletTemplates.Amulet, node.createArgument).amount
        : key === lockedAmuletKey
          ? payloadOf(amuletTemplates.LockedAmulet, node.createArgument).amulet.amount
          : undefined;
    if (!value) continue;
    const amount = expiringAmountOf(value);
    const fee = accruedHoldingFee(amount, request.asOfRound);
    if (key === amuletKey) {
      unlocked += amount.initialAmount;
      feesUnlocked += fee;
    } else {
      locked += amount.initialAmount;
      feesLocked += fee;
    }
  }
  return { unlocked, locked, feesUnlocked, feesLocked };
}

/** The number of the earliest of the given open mining rounds, if any. */
export function earliestRound(openRounds: readonly CreatedNode[]): bigint | null {
  let earliest: bigint | null = null;
  for (const node of openRounds) {
    const round = BigInt(
      payloadOf(roundTemplates.OpenMiningRound, node.createArgument).round.number,
    );
    if (earliest === null || round < earliest) earliest = round;
  }
  return earliest;
}
