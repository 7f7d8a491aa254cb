import type { Numeric } from '@pocketnet/ledger';
import { divNumeric, minNumeric, mulNumeric, numericFromInt, numericOne } from '@pocketnet/ledger';

/**
 * Splice's ExpiringAmount (Splice.Fees): an amulet's amount decays by a holding fee per round
 * from the round it was created in. Rounds are plain bigints here, amounts Numeric 10.
 */
export type ExpiringAmount = {
  readonly initialAmount: Numeric;
  readonly createdAt: bigint;
  readonly ratePerRound: Numeric;
};

/** The holding fee accrued by `round`: `min(initial, (round − createdAt) × rate)`, never negative. */
export function accruedHoldingFee(amount: ExpiringAmount, round: bigint): Numeric {
  const elapsed = round > amount.createdAt ? round - amount.createdAt : 0n;
  const fee = mulNumeric(numericFromInt(elapsed), amount.ratePerRound);
  return minNumeric(amount.initialAmount, fee);
}

/** What the amount is worth at `round` once the accrued holding fee is deducted. */
export function effectiveAmount(amount: ExpiringAmount, round: bigint): Numeric {
  return amount.initialAmount - accruedHoldingFee(amount, round);
}

function ceilingOf(value: Numeric): bigint {
  const whole = value / numericOne;
  return value > whole * numericOne ? whole + 1n : whole;
}

/**
 * The first round at which the amount is fully eaten by fees: `createdAt + ceil(initial / rate)`,
 * the quotient rounded to Numeric 10 first as Daml's Decimal division does. Null when it never
 * expires (a zero rate).
 */
export function expiryRound(amount: ExpiringAmount): bigint | null {
  if (amount.ratePerRound <= 0n) return null;
  return amount.createdAt + ceilingOf(divNumeric(amount.initialAmount, amount.ratePerRound));
}

/** Splice's isAmuletExpired: expired once the expiry round is at or before the open round. */
export function isExpired(amount: ExpiringAmount, openRound: bigint): boolean {
  const expiresAt = expiryRound(amount);
  return expiresAt !== null && expiresAt <= openRound;
}

/**
 * The amount normalised to round zero (`initial + rate × createdAt`), the unit Splice's balance
 * changes are reported in so that amounts created in different rounds add up.
 */
export function valueAsOfRound0(amount: ExpiringAmount): Numeric {
  return amount.initialAmount + mulNumeric(amount.ratePerRound, numericFromInt(amount.createdAt));
}
