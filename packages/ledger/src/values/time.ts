/**
 * Daml Time (microseconds since the epoch, years 0001..9999) and Date as the JSON encoding
 * writes them. Calendar arithmetic is done on integers: JavaScript's Date maps years 0..99 to
 * 1900..1999 and loses microseconds.
 */
const microsPerDay = 86_400_000_000n;
const timePattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|z|[+-]\d{2}:\d{2})$/;
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100);
  return era * 146_097 + dayOfEra + dayOfYear - 719_468;
}

function civilFromDays(days: number): [number, number, number] {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return [month <= 2 ? yearOfEra + era * 400 + 1 : yearOfEra + era * 400, month, day];
}

const minDays = daysFromCivil(1, 1, 1);
const maxDays = daysFromCivil(9999, 12, 31);

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function validDays(year: string, month: string, day: string): number | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return daysFromCivil(y, m, d);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Days since the epoch of a `YYYY-MM-DD` date, or null when it is not a valid Daml Date. */
export function parseDate(text: string): number | null {
  const match = datePattern.exec(text);
  if (match === null) return null;
  const [, year = '', month = '', day = ''] = match;
  return validDays(year, month, day);
}

export function formatDate(days: number): string {
  const [year, month, day] = civilFromDays(days);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function offsetMicros(zone: string): bigint | null {
  if (zone === 'Z' || zone === 'z') return 0n;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 23 || minutes > 59) return null;
  const micros = BigInt(hours * 60 + minutes) * 60_000_000n;
  return zone.startsWith('-') ? -micros : micros;
}

function fractionMicros(fraction: string): bigint | null {
  // Digits beyond microseconds are accepted only as zeros: Daml Time cannot hold them.
  if (/[1-9]/.test(fraction.slice(6))) return null;
  return BigInt(fraction.slice(0, 6).padEnd(6, '0'));
}

/** Microseconds since the epoch of an ISO-8601 instant, or null when it is not a Daml Time. */
export function parseTime(text: string): bigint | null {
  const match = timePattern.exec(text);
  if (match === null) return null;
  const [, year = '', month = '', day = '', hour = '', minute = '', second = ''] = match;
  const days = validDays(year, month, day);
  const offset = offsetMicros(match[8] ?? 'Z');
  const fraction = fractionMicros(match[7] ?? '');
  if (days === null || offset === null || fraction === null) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const seconds = BigInt(Number(hour) * 3600 + Number(minute) * 60 + Number(second));
  const micros = BigInt(days) * microsPerDay + seconds * 1_000_000n + fraction - offset;
  return isTimeInRange(micros) ? micros : null;
}

export function isTimeInRange(micros: bigint): boolean {
  return micros >= BigInt(minDays) * microsPerDay && micros < BigInt(maxDays + 1) * microsPerDay;
}

/** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, exactly six fractional digits, as the Ledger API renders Time. */
export function formatTime(micros: bigint): string {
  const dayIndex = micros >= 0n ? micros / microsPerDay : -((-micros - 1n) / microsPerDay) - 1n;
  const ofDay = micros - dayIndex * microsPerDay;
  const seconds = Number(ofDay / 1_000_000n);
  const fraction = (ofDay % 1_000_000n).toString().padStart(6, '0');
  const time = `${pad(Math.floor(seconds / 3600), 2)}:${pad(Math.floor(seconds / 60) % 60, 2)}:${pad(seconds % 60, 2)}`;
  return `${formatDate(Number(dayIndex))}T${time}.${fraction}Z`;
}
