import { DomainError } from '../errors.ts';

/**
 * Daml `Numeric 10`, the ledger's amounts: a bigint counting units of 10^-10. Daml numerics
 * carry 38 significant digits, so at scale 10 the magnitude stays below 10^28.
 */
export type Numeric = bigint;

export const numericScale = 10;
export const numericOne: Numeric = 10n ** 10n;

// Daml numerics hold 38 digits whatever the scale, so this bounds the scaled units of every scale.
const scaledLimit = 10n ** 38n;
const numericPattern = /^([+-]?)(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
// Powers of ten up to 10^40, computed once: every Numeric read scales by one of them.
const powersOfTen: readonly bigint[] = Array.from(
  { length: 41 },
  (_, power) => 10n ** BigInt(power),
);

function powerOfTen(power: number): bigint {
  return powersOfTen[power] ?? 10n ** BigInt(power);
}

function arithmeticError(message: string): DomainError {
  return new DomainError('DAML_INTERPRETATION_ERROR', `ArithmeticError: ${message}`);
}

function checkRange(value: bigint): bigint {
  if (value >= scaledLimit || value <= -scaledLimit) throw arithmeticError('Numeric overflow');
  return value;
}

/**
 * The parts of `[-]digits[.digits]`, the form nearly every amount arrives in, found by one
 * scan: the general pattern's match array and captures were most of what reading an amount
 * allocated. Null for any other form (signs, exponents, a bare point), left to the pattern.
 */
function plainDecimal(text: string): readonly [string, string, string, string] | null {
  const start = text.charCodeAt(0) === 45 ? 1 : 0;
  let point = -1;
  for (let index = start; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 46 && point < 0) point = index;
    else if (code < 48 || code > 57) return null;
  }
  const end = point < 0 ? text.length : point;
  if (end === start || point === text.length - 1) return null;
  const sign = start === 1 ? '-' : '';
  const fraction = point < 0 ? '' : text.slice(point + 1);
  return [text, sign, text.slice(start, end), fraction];
}

/**
 * Reads a decimal written as Daml-LF JSON accepts it (a JSON number or its text, exponent
 * allowed) into scaled units; returns the reason as text when it is not one.
 */
export function readNumeric(input: unknown, scale: number = numericScale): bigint | string {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return `expected Numeric, got ${String(input)}`;
    text = String(input);
  } else if (typeof input === 'string') {
    text = input;
  } else {
    return `expected Numeric, got ${describeInput(input)}`;
  }
  const plain = plainDecimal(text);
  const match = plain === null ? numericPattern.exec(text) : null;
  if (plain === null && match === null) return `expected Numeric, got ${describeInput(input)}`;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = plain ?? match ?? [];
  const exponent = Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1000) {
    return `Numeric out of range: ${describeInput(input)}`;
  }
  const digits = BigInt(whole + fraction);
  // The written value is digits * 10^(exponent - fraction.length); scale it by 10^scale.
  const shift = exponent - fraction.length + scale;
  let scaled: bigint;
  if (shift >= 0) {
    scaled = digits * powerOfTen(shift);
  } else {
    const divisor = powerOfTen(-shift);
    if (digits % divisor !== 0n) {
      return `Numeric ${describeInput(input)} has more than ${scale} fractional digits`;
    }
    scaled = digits / divisor;
  }
  if (scaled >= scaledLimit) return `Numeric out of range: ${describeInput(input)}`;
  return sign === '-' ? -scaled : scaled;
}

/** Parses a Numeric of the given scale (10 by default); INVALID_ARGUMENT when it is not one. */
export function parseNumeric(input: string | number, scale: number = numericScale): Numeric {
  const result = readNumeric(input, scale);
  if (typeof result === 'string') throw new DomainError('INVALID_ARGUMENT', result);
  return result;
}

/** Renders scaled units with exactly `scale` fractional digits, e.g. "10000.0000000000". */
export function formatNumeric(value: Numeric, scale: number = numericScale): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const sign = negative ? '-' : '';
  return scale === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}

/** A short rendering of an input for error messages. */
export function describeInput(input: unknown): string {
  if (input === undefined) return 'nothing';
  const text = typeof input === 'bigint' ? `${input}n` : JSON.stringify(input);
  if (text === undefined) return typeof input;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export function numericFromInt(value: bigint | number): Numeric {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new RangeError(`numericFromInt needs a safe integer, got ${value}`);
  }
  return checkRange(BigInt(value) * numericOne);
}

export function addNumeric(a: Numeric, b: Numeric): Numeric {
  return checkRange(a + b);
}

export function subNumeric(a: Numeric, b: Numeric): Numeric {
  return checkRange(a - b);
}

/** Daml's `(*)` on Numeric 10: the exact product rounded half-even to 10 fractional digits. */
export function mulNumeric(a: Numeric, b: Numeric): Numeric {
  return checkRange(divideHalfEven(a * b, numericOne));
}

/** Daml's `(/)` on Numeric 10: the quotient rounded half-even; division by zero fails. */
export function divNumeric(a: Numeric, b: Numeric): Numeric {
  if (b === 0n) throw arithmeticError('division by zero');
  return checkRange(divideHalfEven(a * numericOne, b));
}

export function compareNumeric(a: Numeric, b: Numeric): -1 | 0 | 1 {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

export function minNumeric(a: Numeric, b: Numeric): Numeric {
  return a <= b ? a : b;
}

export function maxNumeric(a: Numeric, b: Numeric): Numeric {
  return a >= b ? a : b;
}

/** n / d rounded to the nearest integer, ties to the even neighbour (banker's rounding). */
export function divideHalfEven(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  const remainder = n % d;
  if (remainder === 0n) return quotient;
  const twiceRemainder = 2n * (remainder < 0n ? -remainder : remainder);
  const magnitude = d < 0n ? -d : d;
  const step = n < 0n !== d < 0n ? -1n : 1n;
  if (twiceRemainder > magnitude) return quotient + step;
  if (twiceRemainder < magnitude) return quotient;
  return quotient % 2n === 0n ? quotient : quotient + step;
}
