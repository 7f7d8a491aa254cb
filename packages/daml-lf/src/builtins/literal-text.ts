import { formatDate } from '@pocketnet/ledger';
import type { NumericValue } from '../values/lf-value.ts';
import { powerOfTen } from '../values/numeric.ts';

/**
 * The text builtins' forms (Speedy's `litToText`): a Numeric without trailing zeros but with
 * at least one decimal (`1.5`, `2.0`), a timestamp as Java's `Instant.toString`.
 */
export function numericText(value: NumericValue): string {
  // Whole and fraction by one division, rather than the full canonical text trimmed by a regex.
  const { value: unscaled, scale } = value;
  const unit = powerOfTen(scale);
  const whole = unscaled / unit;
  const fraction = unscaled - whole * unit;
  if (fraction === 0n) return `${whole}.0`;
  const negative = unscaled < 0n;
  const digits = (negative ? -fraction : fraction).toString().padStart(scale, '0');
  let end = digits.length;
  while (digits.charCodeAt(end - 1) === zeroCode) end -= 1;
  // Truncated toward zero, the whole part of -0.5 is 0: the sign comes from the value.
  const wholeText = negative ? `-${-whole}` : `${whole}`;
  return `${wholeText}.${digits.slice(0, end)}`;
}

const zeroCode = 48;

const microsPerDay = 86_400_000_000n;

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** `YYYY-MM-DDThh:mm:ss[.fff|.ffffff]Z`: the fraction in groups of three digits, as Java prints. */
export function timestampText(micros: bigint): string {
  const days = micros / microsPerDay - (micros % microsPerDay < 0n ? 1n : 0n);
  const within = Number(micros - days * microsPerDay);
  const seconds = Math.floor(within / 1_000_000);
  const fraction = within % 1_000_000;
  const clock = `${pad(Math.floor(seconds / 3600), 2)}:${pad(Math.floor(seconds / 60) % 60, 2)}:${pad(seconds % 60, 2)}`;
  const fractionText =
    fraction === 0
      ? ''
      : fraction % 1000 === 0
        ? `.${pad(fraction / 1000, 3)}`
        : `.${pad(fraction, 6)}`;
  return `${formatDate(Number(days))}T${clock}${fractionText}Z`;
}
