import { DomainError, formatTime, parseTime } from '@pocketnet/ledger';

/**
 * Scan's times are microseconds since the epoch held as numbers: exact up to the year 2255,
 * and cheaper to compare and store than bigints across a whole update history.
 */
export type Micros = number;

/** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, six fractional digits, as Splice renders record times. */
export const formatScanTime = (micros: Micros): string => formatTime(BigInt(micros));

/** An ISO-8601 instant from a request, or INVALID_ARGUMENT naming the field. */
export function parseScanTime(text: string, field: string): Micros {
  const micros = parseTime(text);
  if (micros === null) {
    throw new DomainError('INVALID_ARGUMENT', `Invalid timestamp in ${field}: ${text}`);
  }
  return Number(micros);
}

/** A record's time as the ledger wrote it (always valid). */
export function recordTimeMicros(recordTime: string): Micros {
  const micros = parseTime(recordTime);
  if (micros === null) throw new Error(`not a record time: ${recordTime}`);
  return Number(micros);
}

/** The first multiple of `interval` (counted from the epoch, so from midnight UTC) after `time`. */
export const nextBoundaryAfter = (time: Micros, interval: Micros): Micros =>
  (Math.floor(time / interval) + 1) * interval;

/** The largest index `i` in a sorted array with `values[i] <= value`, or -1. */
export function lastAtOrBefore(values: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] ?? 0) <= value) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}
