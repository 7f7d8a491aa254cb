/**
 * Dates (days since the epoch) and timestamps (microseconds since the epoch) within the
 * spec's range 0001-01-01 .. 9999-12-31.
 */
const microsPerDay = 86_400_000_000n;
export const minDateDays = -719_162;
export const maxDateDays = 2_932_896;
export const minTimestampMicros = BigInt(minDateDays) * microsPerDay;
export const maxTimestampMicros = (BigInt(maxDateDays) + 1n) * microsPerDay - 1n;

export function isDateInRange(days: bigint): boolean {
  return days >= BigInt(minDateDays) && days <= BigInt(maxDateDays);
}

export function isTimestampInRange(micros: bigint): boolean {
  return micros >= minTimestampMicros && micros <= maxTimestampMicros;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function civilOfDays(days: number): { year: number; month: number; day: number } {
  const date = new Date(days * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function dateToText(days: number): string {
  const { year, month, day } = civilOfDays(days);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since the epoch of a `YYYY-MM-DD` date, or null when it is no calendar date. */
export function daysOfDate(text: string): number | null {
  const match = datePattern.exec(text);
  if (match === null) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(0, 0, 0, 0);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return Math.round(date.getTime() / 86_400_000);
}

const timestampPattern = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z$/;

/** Microseconds since the epoch of an ISO timestamp with `Z`, or null. */
export function microsOfTimestamp(text: string): bigint | null {
  const match = timestampPattern.exec(text);
  if (match === null) return null;
  const [, dateText = '', hh = '', mm = '', ss = '', fraction = ''] = match;
  const days = daysOfDate(dateText);
  if (days === null || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return null;
  const seconds = BigInt(Number(hh) * 3600 + Number(mm) * 60 + Number(ss));
  return BigInt(days) * microsPerDay + seconds * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}
