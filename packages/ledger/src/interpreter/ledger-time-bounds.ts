import { parseTime } from '../values/time.ts';

/**
 * The ledger times for which an interpretation comes out the same (Daml's `timeBoundaries`):
 * inclusive, null where unconstrained. A transaction that never looks at time is valid at any
 * ledger time; reading the time (`getTime`) pins it; a ledger time comparison
 * (`isLedgerTimeLT`) only narrows it. Interactive submission signs these bounds in the
 * prepared transaction's metadata and executes at a ledger time inside them.
 */
export type LedgerTimeBounds = {
  min: bigint | null;
  max: bigint | null;
};

export const unconstrainedTimeBounds = (): LedgerTimeBounds => ({ min: null, max: null });

/** `getTime`: the result is the ledger time itself, so only that time gives the same result. */
export function pinTimeBounds(bounds: LedgerTimeBounds, ledgerTime: bigint): void {
  bounds.min = ledgerTime;
  bounds.max = ledgerTime;
}

/** Microseconds of a Time a choice body compares the ledger time with. */
export function comparedTime(time: string): bigint {
  const micros = parseTime(time);
  // A body that compares with text that is no Time has a bug: it is no user's input.
  if (micros === null) throw new Error(`a ledger time comparison needs a Time, got ${time}`);
  return micros;
}

/**
 * Daml's `isLedgerTimeLT` (Canton's SBULedgerTimeLT): whether the ledger time is before
 * `limit`, narrowing the bounds to the side of `limit` the answer holds for. The other
 * comparisons derive from it: `LE t` is `LT (t + 1µs)`, `GE` and `GT` their negations.
 */
export function isLedgerTimeBefore(
  bounds: LedgerTimeBounds,
  ledgerTime: bigint,
  limit: bigint,
): boolean {
  if (ledgerTime < limit) {
    const max = limit - 1n;
    if (bounds.max === null || max < bounds.max) bounds.max = max;
    return true;
  }
  if (bounds.min === null || limit > bounds.min) bounds.min = limit;
  return false;
}
