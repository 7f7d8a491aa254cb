import type { Numeric } from '@pocketnet/ledger';
import { formatNumeric, numericOne, parseNumeric } from '@pocketnet/ledger';
import type { ExpiringAmount } from '../../economy/expiring-amount.ts';
import type { ExpiringAmountValue, Round } from '../types/base-types.ts';

// Conversions between payload values (Numeric as decimal text, Int as text) and the
// economy's bigint arithmetic.

/**
 * A Numeric of a payload or argument. The engine hands bodies normalised text (exactly ten
 * fractional digits), which is read without the general parser; anything else falls back to it.
 */
export function numeric(text: string): Numeric {
  const dot = text.length - 11;
  if (dot > 0 && text.charCodeAt(dot) === 46)
    return BigInt(text.slice(0, dot) + text.slice(dot + 1));
  return parseNumeric(text);
}
export const decimal = (value: Numeric): string => formatNumeric(value);

export const roundOf = (number: bigint): Round => ({ number: number.toString() });
export const roundNumber = (round: Round): bigint => BigInt(round.number);

export function expiringAmountOf(value: ExpiringAmountValue): ExpiringAmount {
  return {
    initialAmount: numeric(value.initialAmount),
    createdAt: BigInt(value.createdAt.number),
    ratePerRound: numeric(value.ratePerRound.rate),
  };
}

export function expiringAmountValue(amount: ExpiringAmount): ExpiringAmountValue {
  return {
    initialAmount: formatNumeric(amount.initialAmount),
    createdAt: roundOf(amount.createdAt),
    ratePerRound: { rate: formatNumeric(amount.ratePerRound) },
  };
}

/** Daml's `show` of a Decimal: no trailing zeros beyond one fractional digit ("10.0"). */
export function showDecimal(value: Numeric): string {
  const text = formatNumeric(value);
  const trimmed = text.replace(/0+$/, '');
  return trimmed.endsWith('.') ? `${trimmed}0` : trimmed;
}

export const one: Numeric = numericOne;

/** The larger of two bigints (Math.max does not take bigints). */
export function larger(a: bigint, b: bigint): bigint {
  if (a >= b) return a;
  return b;
}

/** The smaller of two bigints. */
export function smaller(a: bigint, b: bigint): bigint {
  if (a <= b) return a;
  return b;
}
