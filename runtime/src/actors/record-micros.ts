import { parseTime } from '@pocketnet/ledger';

/** Microseconds of a record time the engine wrote (`YYYY-MM-DDTHH:MM:SS.ffffffZ`). */
export function recordMicros(time: string): number {
  const micros = Date.parse(`${time.slice(0, 19)}Z`) * 1000 + Number(time.slice(20, 26));
  if (Number.isFinite(micros)) return micros;
  // Any other rendering of an instant; an unreadable one fires nothing early.
  const parsed = parseTime(time);
  return parsed === null ? Number.NEGATIVE_INFINITY : Number(parsed);
}

const zero = 48;
const dot = 46;
const zulu = 90;

/** The six digits at 20–25 as a number, or -1 when they are not all digits. */
function fractionOf(time: string): number {
  let fraction = 0;
  for (let position = 20; position < 26; position++) {
    const digit = time.charCodeAt(position) - zero;
    if (digit < 0 || digit > 9) return -1;
    fraction = fraction * 10 + digit;
  }
  return fraction;
}

/**
 * `recordMicros` for a stream of record times: the engine's times share their second with the
 * time before more often than not, so the second is parsed once and only the six digits of
 * the fraction for the times after it; anything else takes `recordMicros` itself.
 */
export function createRecordTimeReader() {
  let second = '';
  let secondMicros = 0;
  return (time: string): number => {
    const canonical =
      time.length === 27 && time.charCodeAt(19) === dot && time.charCodeAt(26) === zulu;
    const fraction = canonical ? fractionOf(time) : -1;
    if (fraction >= 0 && second !== '' && time.startsWith(second)) {
      return secondMicros + fraction;
    }
    const micros = recordMicros(time);
    if (fraction >= 0 && Number.isFinite(micros)) {
      second = time.slice(0, 19);
      secondMicros = micros - fraction;
    }
    return micros;
  };
}
