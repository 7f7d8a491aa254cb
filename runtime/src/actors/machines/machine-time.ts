import { parseTime } from '@pocketnet/ledger';

// Time inside machines is data: every ledger event carries the record time it happened at
// (`at`), and a deadline is a Daml Time in the context. A delay is the distance between the two,
// so the same history gives the same timers, live or replayed, whatever the wall clock says.

/** The Ledger API's rendering of a Time: `d` is a digit, anything else itself. */
const canonical = 'dddd-dd-ddTdd:dd:dd.ddddddZ';
const digit = 'd'.charCodeAt(0);
const zero = '0'.charCodeAt(0);

/** The number the digits at `from` until `to` write (all digits, checked before). */
function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let position = from; position < to; position++) {
    value = value * 10 + text.charCodeAt(position) - zero;
  }
  return value;
}

const monthDays = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (monthDays[month - 1] ?? 0);
}

function isCanonical(text: string): boolean {
  if (text.length !== canonical.length) return false;
  for (let position = 0; position < canonical.length; position++) {
    const code = text.charCodeAt(position);
    const expected = canonical.charCodeAt(position);
    if (expected === digit ? code < zero || code > zero + 9 : code !== expected) return false;
  }
  return true;
}

/**
 * `parseTime` as a number, for the Ledger API's own rendering (`YYYY-MM-DDTHH:MM:SS.ffffffZ`)
 * of a valid time in 1970–2199, where the number is exact; null for anything else, which
 * `parseTime` then reads (several times slower: a regular expression and bigints).
 */
export function canonicalMicros(text: string): number | null {
  if (!isCanonical(text)) return null;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  const seconds = digitsAt(text, 11, 13) * 3600 + digitsAt(text, 14, 16) * 60;
  if (year < 1970 || year > 2199 || month < 1 || month > 12 || day < 1) return null;
  if (digitsAt(text, 11, 13) > 23 || digitsAt(text, 14, 16) > 59 || digitsAt(text, 17, 19) > 59) {
    return null;
  }
  if (day > daysInMonth(year, month)) return null;
  const ofDay = seconds + digitsAt(text, 17, 19);
  return (Date.UTC(year, month - 1, day) + ofDay * 1000) * 1000 + digitsAt(text, 20, 26);
}

/** Milliseconds from `at` until `deadline` (fractional, so exact to the microsecond); 0 once due. */
export function millisUntil(deadline: string, at: string): number {
  const dueMicros = canonicalMicros(deadline);
  const atMicros = canonicalMicros(at);
  if (dueMicros !== null && atMicros !== null) {
    return dueMicros <= atMicros ? 0 : (dueMicros - atMicros) / 1000;
  }
  const due = parseTime(deadline);
  const now = parseTime(at);
  if (due === null || now === null || due <= now) return 0;
  return Number(due - now) / 1000;
}

/**
 * When the event that entered a state happened: ledger events carry `at`; the initial
 * transition's `xstate.init` event carries the machine's input, which has it too.
 */
export function eventTime(event: unknown): string {
  if (typeof event !== 'object' || event === null) return '';
  const record = event as { at?: unknown; input?: { at?: unknown } };
  if (typeof record.at === 'string') return record.at;
  return typeof record.input?.at === 'string' ? record.input.at : '';
}

/** The delay until a context's `expiresAt`, measured from the event that entered the state. */
export const untilExpiry = ({
  context,
  event,
}: {
  context: { readonly expiresAt: string };
  event: unknown;
}): number => millisUntil(context.expiresAt, eventTime(event));

/** Appends a contract id once: workflows collect every contract they pass through. */
export function withContract(contractIds: readonly string[], contractId: string | null): string[] {
  if (contractId === null || contractId === '' || contractIds.includes(contractId)) {
    return [...contractIds];
  }
  return [...contractIds, contractId];
}
