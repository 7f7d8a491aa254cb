import { arithmeticFailure } from './evaluation-errors.ts';

/** Daml-LF Int64 arithmetic on bigints, with the spec's overflow and division errors. */
export const minInt64 = -(2n ** 63n);
export const maxInt64 = 2n ** 63n - 1n;

export function isInt64(value: bigint): boolean {
  return value >= minInt64 && value <= maxInt64;
}

function checked(builtin: string, result: bigint, left: bigint, right: bigint): bigint {
  if (!isInt64(result)) arithmeticFailure(builtin, left.toString(), right.toString());
  return result;
}

export function addInt64(left: bigint, right: bigint): bigint {
  return checked('ADD_INT64', left + right, left, right);
}

export function subInt64(left: bigint, right: bigint): bigint {
  return checked('SUB_INT64', left - right, left, right);
}

export function mulInt64(left: bigint, right: bigint): bigint {
  return checked('MUL_INT64', left * right, left, right);
}

/** Rounds toward zero, as bigint division does. */
export function divInt64(left: bigint, right: bigint): bigint {
  if (right === 0n) arithmeticFailure('DIV_INT64', left.toString(), right.toString());
  return checked('DIV_INT64', left / right, left, right);
}

/** The remainder takes the dividend's sign (Java's `%`). */
export function modInt64(left: bigint, right: bigint): bigint {
  if (right === 0n) arithmeticFailure('MOD_INT64', left.toString(), right.toString());
  return left % right;
}

/** A negative exponent is an ArithmeticError, as in Speedy. */
export function expInt64(base: bigint, exponent: bigint): bigint {
  if (exponent < 0n) arithmeticFailure('EXP_INT64', base.toString(), exponent.toString());
  let result = 1n;
  let factor = base;
  let remaining = exponent;
  // Square-and-multiply, checking every step so that huge exponents fail fast.
  while (remaining > 0n) {
    if (remaining & 1n) result = checked('EXP_INT64', result * factor, base, exponent);
    remaining >>= 1n;
    if (remaining > 0n) factor = checked('EXP_INT64', factor * factor, base, exponent);
  }
  return result;
}

const int64TextPattern = /^[+-]?\d+$/;

/** TEXT_TO_INT64: `[+-]?\d+` within range, else None (null). */
export function textToInt64(text: string): bigint | null {
  if (!int64TextPattern.test(text)) return null;
  const value = BigInt(text);
  return isInt64(value) ? value : null;
}
