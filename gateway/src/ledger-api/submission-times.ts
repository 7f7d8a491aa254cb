import { DomainError, parseTime } from '@pocketnet/ledger';
import { invalidBody } from '../http/request-body-error.ts';

/** A protobuf Duration as the JSON API carries it. */
export type DurationJson = { seconds?: number | undefined; nanos?: number | undefined };

const earliestMicros = parseTime('0001-01-01T00:00:00Z') ?? 0n;
const latestMicros = parseTime('9999-12-31T23:59:59.999999Z') ?? 0n;

/** Whether a Daml Time (years 0001..9999) can hold these microseconds since the epoch. */
export const isDamlTime = (micros: bigint): boolean =>
  micros >= earliestMicros && micros <= latestMicros;

// What java.time.Instant.parse (ISO_INSTANT) reads, which is how Canton decodes a Timestamp:
// any year, optional seconds, up to nine fractional digits, `Z` or an offset, either case.
const instantPattern =
  /^([+-]?\d{4,})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{0,9}))?)?([Zz]|[+-]\d{2}:\d{2})$/;

const shown = (text: string) => (text.length > 64 ? `${text.slice(0, 64)}…` : text);

/** An instant read as Canton reads it: its microseconds, or why a Daml Time cannot be it. */
export type Instant = bigint | 'malformed' | 'tooEarly' | 'tooLate';

/**
 * Canton decodes a Timestamp as an Instant: text that is no ISO-8601 instant does not decode;
 * an instant a Daml Time cannot hold (before year 1, after 9999) does, and fails validation
 * later. Digits past the microsecond are dropped, as Canton's conversion drops them.
 */
export function readInstant(text: string): Instant {
  // The common case costs one parse; only text parseTime refuses is looked at again.
  const micros = parseTime(text);
  if (micros !== null) return micros;
  const match = instantPattern.exec(text);
  if (match === null) return 'malformed';
  const [, year = '', month, day, hour, minute, second = '00', fraction = '', zone = 'Z'] = match;
  const digits = fraction === '' ? '' : `.${fraction.slice(0, 6)}`;
  const rest = `-${month}-${day}T${hour}:${minute}:${second}${digits}${zone.toUpperCase()}`;
  const normalised = /^\d{4}$/.test(year) ? parseTime(`${year}${rest}`) : null;
  if (normalised !== null) return normalised;
  // A leap year stands in for the year: if the rest is then an instant, only the range is off.
  if (parseTime(`2000${rest}`) === null) return 'malformed';
  return Number(year) < 5000 ? 'tooEarly' : 'tooLate';
}

/** The plain-text 400 of a Timestamp field that does not decode, naming the field. */
export const malformedInstant = (text: string, field: string) =>
  invalidBody(`Text '${shown(text)}' could not be parsed as an instant at '${field}'`);

export const unrepresentableTime = (text: string, field: string) =>
  new DomainError(
    'INVALID_ARGUMENT',
    `Can not represent ${field} ${shown(text)} as a Daml timestamp`,
  );

/** A Timestamp field in microseconds: a malformed one is a 400, an unrepresentable one too. */
export function timestampField(text: string, field: string): bigint {
  const instant = readInstant(text);
  if (typeof instant === 'bigint') return instant;
  if (instant === 'malformed') throw malformedInstant(text, field);
  throw unrepresentableTime(text, field);
}

/**
 * A minimum ledger time in microseconds, or null when it asks for nothing: Canton takes the
 * later of it and the current time, so an instant before year 1 constrains nothing, while
 * one past 9999 cannot be the command's ledger time.
 */
export function minLedgerTimeField(text: string, field: string): bigint | null {
  const instant = readInstant(text);
  if (typeof instant === 'bigint') return instant;
  if (instant === 'malformed') throw malformedInstant(text, field);
  if (instant === 'tooEarly') return null;
  throw unrepresentableTime(text, field);
}

/** A Duration in microseconds, rounded towards negative infinity (a negative stays negative). */
export function durationMicros(duration: DurationJson): bigint {
  const nanos = BigInt(duration.seconds ?? 0) * 1_000_000_000n + BigInt(duration.nanos ?? 0);
  return nanos >= 0n ? nanos / 1000n : -((-nanos + 999n) / 1000n);
}

/** The ledger time a relative minimum asks for, refused when a Daml Time cannot hold it. */
export function relativeLedgerTime(nowMicros: bigint, duration: DurationJson, field: string) {
  const micros = nowMicros + durationMicros(duration);
  if (!isDamlTime(micros)) {
    throw new DomainError(
      'INVALID_ARGUMENT',
      `Can not represent command ledger time now + ${field} (${duration.seconds ?? 0}s) as a Daml timestamp`,
    );
  }
  return micros;
}
