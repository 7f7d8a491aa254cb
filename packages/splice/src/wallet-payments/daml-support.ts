import type { TransactionContext } from '@pocketnet/ledger';
import { formatNumeric, formatTime, parseNumeric, parseTime } from '@pocketnet/ledger';
import { deadlineErrorIds } from '../amulet/support/time.ts';

/** Daml's `RelTime` as the JSON encoding writes it. */
export type RelTime = { readonly microseconds: string };

/** Microseconds of a normalised Time value; template code only ever holds valid ones. */
export function timeMicros(time: string): bigint {
  const micros = parseTime(time);
  if (micros === null) throw new Error(`not a Daml Time: ${time}`);
  return micros;
}

export function addRelTime(time: string, duration: RelTime): string {
  return formatTime(timeMicros(time) + BigInt(duration.microseconds));
}

export function relTimeOf(micros: bigint): RelTime {
  return { microseconds: micros.toString() };
}

export function isBefore(time: string, other: string): boolean {
  return timeMicros(time) < timeMicros(other);
}

/** Splice's `require`: aborts with the message Splice uses, so clients see the same text. */
export function require(tx: TransactionContext, message: string, condition: boolean): void {
  if (!condition) tx.fail(`The requirement '${message}' was not met.`);
}

/** Splice's `assertWithinDeadline`: the deadline must still be in the future. */
export function assertWithinDeadline(tx: TransactionContext, name: string, deadline: string): void {
  if (!isBefore(tx.now(), deadline)) {
    tx.failWithStatus(deadlineErrorIds.exceeded, `${name} (${deadline}) has passed`);
  }
}

/** Splice's `assertDeadlineExceeded`: the deadline must have passed. */
export function assertDeadlineExceeded(
  tx: TransactionContext,
  name: string,
  deadline: string,
): void {
  if (isBefore(tx.now(), deadline)) {
    tx.failWithStatus(deadlineErrorIds.notExceeded, `${name} (${deadline}) has not passed yet`);
  }
}

/** Daml's `dedupSort` on parties. */
export function dedupSort(parties: readonly string[]): string[] {
  return [...new Set(parties)].sort();
}

export function sumNumeric(amounts: readonly string[]): string {
  return formatNumeric(amounts.reduce((total, amount) => total + parseNumeric(amount), 0n));
}

/** The later of two times (Daml's `max` on Time). */
export function laterOf(time: string, other: string): string {
  return timeMicros(time) >= timeMicros(other) ? time : other;
}

export function isPositive(amount: string): boolean {
  return parseNumeric(amount) > 0n;
}
