import { arithmeticFailure } from './evaluation-errors.ts';
import type { NumericValue } from './lf-value.ts';
import { numeric } from './lf-value.ts';

/**
 * Daml-LF `Numeric s`: 38 significant digits at any scale 0..37, as Speedy's
 * `data.Numeric` (java BigDecimal with a fixed scale). The unscaled value is a bigint.
 */
const unscaledLimit = 10n ** 38n;

const powers: readonly bigint[] = Array.from({ length: 80 }, (_, power) => 10n ** BigInt(power));

export function powerOfTen(power: number): bigint {
  return powers[power] ?? 10n ** BigInt(power);
}

export function fitsNumeric(unscaled: bigint): boolean {
  return unscaled < unscaledLimit && unscaled > -unscaledLimit;
}

/** Divides rounding half to even (banker's rounding). */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  let quotient = numerator / denominator;
  const remainder = numerator - quotient * denominator;
  if (remainder === 0n) return quotient;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  const divisor = denominator < 0n ? -denominator : denominator;
  const direction = numerator < 0n !== denominator < 0n ? -1n : 1n;
  if (twice > divisor || (twice === divisor && quotient % 2n !== 0n)) quotient += direction;
  return quotient;
}

/** Rescales an unscaled value from one scale to another, rounding half to even. */
export function rescale(unscaled: bigint, from: number, to: number): bigint {
  if (to >= from) return unscaled * powerOfTen(to - from);
  return divideHalfEven(unscaled, powerOfTen(from - to));
}

/** The canonical text of a Numeric: every digit of its scale, and a point even at scale 0. */
export function numericToText(value: NumericValue): string {
  const negative = value.value < 0n;
  const digits = (negative ? -value.value : value.value).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * The result, or the builtin's ArithmeticError naming its operands (rendered only then; no
 * operand list is built on the way to a result that fits).
 */
function checked(
  builtin: string,
  unscaled: bigint,
  scale: number,
  first: NumericValue,
  second?: NumericValue,
): NumericValue {
  if (!fitsNumeric(unscaled)) {
    const operands = second === undefined ? [first] : [first, second];
    arithmeticFailure(builtin, ...operands.map(numericToText));
  }
  return numeric(unscaled, scale);
}

export function addNumeric(left: NumericValue, right: NumericValue): NumericValue {
  return checked('ADD_NUMERIC', left.value + right.value, left.scale, left, right);
}

export function subNumeric(left: NumericValue, right: NumericValue): NumericValue {
  return checked('SUB_NUMERIC', left.value - right.value, left.scale, left, right);
}

/** MUL_NUMERIC: the exact product rounded half-even to the witness's scale. */
export function mulNumeric(scale: number, left: NumericValue, right: NumericValue): NumericValue {
  const exact = left.value * right.value;
  const rounded = rescale(exact, left.scale + right.scale, scale);
  return checked('MUL_NUMERIC', rounded, scale, left, right);
}

/** DIV_NUMERIC: the quotient rounded half-even to the witness's scale. */
export function divNumeric(scale: number, left: NumericValue, right: NumericValue): NumericValue {
  if (right.value === 0n)
    arithmeticFailure('DIV_NUMERIC', numericToText(left), numericToText(right));
  // left / right at `scale` = left.value * 10^(scale - left.scale + right.scale) / right.value
  const shift = scale - left.scale + right.scale;
  const quotient =
    shift >= 0
      ? divideHalfEven(left.value * powerOfTen(shift), right.value)
      : divideHalfEven(left.value, right.value * powerOfTen(-shift));
  return checked('DIV_NUMERIC', quotient, scale, left, right);
}

/** CAST_NUMERIC: the same number at another scale; precision loss is an error. */
export function castNumeric(scale: number, value: NumericValue): NumericValue {
  if (scale < value.scale) {
    const divisor = powerOfTen(value.scale - scale);
    if (value.value % divisor !== 0n) arithmeticFailure('CAST_NUMERIC', numericToText(value));
    return numeric(value.value / divisor, scale);
  }
  return checked('CAST_NUMERIC', value.value * powerOfTen(scale - value.scale), scale, value);
}

/** SHIFT_NUMERIC: the same digits with the point moved (input × 10^(s₁ − s₂)). */
export function shiftNumeric(scale: number, value: NumericValue): NumericValue {
  return numeric(value.value, scale);
}

/** ROUND_NUMERIC: rounds half-even to `digits` decimal places, keeping the scale. */
export function roundNumeric(digits: bigint, value: NumericValue): NumericValue {
  const places = Number(digits);
  if (!(digits <= BigInt(value.scale) && BigInt(value.scale - 38) < digits)) {
    arithmeticFailure('ROUND_NUMERIC', digits.toString(), numericToText(value));
  }
  if (places >= value.scale) return value;
  const unit = powerOfTen(value.scale - places);
  const rounded = divideHalfEven(value.value, unit) * unit;
  if (!fitsNumeric(rounded)) {
    arithmeticFailure('ROUND_NUMERIC', digits.toString(), numericToText(value));
  }
  return numeric(rounded, value.scale);
}

/** NUMERIC_TO_INT64's integral part, rounded toward zero. */
export function numericIntegralPart(value: NumericValue): bigint {
  return value.value / powerOfTen(value.scale);
}

const numericTextPattern = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** TEXT_TO_NUMERIC: `[+-]?\d+(\.\d+)?` that fits the scale exactly and in 38 digits. */
export function textToNumeric(scale: number, text: string): NumericValue | null {
  const match = numericTextPattern.exec(text);
  if (match === null) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > scale) return null;
  const unscaled = BigInt(whole + trimmed.padEnd(scale, '0'));
  const signed = sign === '-' ? -unscaled : unscaled;
  return fitsNumeric(signed) ? numeric(signed, scale) : null;
}
