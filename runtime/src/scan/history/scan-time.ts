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

const canonicalLength = 'YYYY-MM-DDTHH:MM:SS.ffffffZ'.length;
const secondsLength = 'YYYY-MM-DDTHH:MM:SS'.length;
let lastSecond = '';
let lastSecondMicros = 0;

/**
 * A record's time as the ledger wrote it (always valid). The ledger writes one canonical form,
 * and consecutive records mostly share their second: that second is parsed once and only the
 * six fractional digits of each record are read (parsing every record time whole was a tenth
 * of the scan projection's cost per transaction).
 */
export function recordTimeMicros(recordTime: string): Micros {
  if (recordTime.length === canonicalLength && recordTime.charCodeAt(secondsLength) === 46) {
    const fraction = Number(recordTime.slice(secondsLength + 1, canonicalLength - 1));
    if (recordTime.startsWith(lastSecond) && lastSecond !== '' && fraction >= 0) {
      return lastSecondMicros + fraction;
    }
  }
  const micros = parseTime(recordTime);
  if (micros === null) throw new Error(`not a record time: ${recordTime}`);
  if (recordTime.length === canonicalLength) {
    lastSecond = recordTime.slice(0, secondsLength);
    lastSecondMicros = Number(micros) - Number(recordTime.slice(secondsLength + 1, -1));
  }
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
