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
