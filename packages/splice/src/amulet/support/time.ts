import type { TransactionContext } from '@pocketnet/ledger';
import { formatTime, parseTime } from '@pocketnet/ledger';
import type { RelTime } from '../types/base-types.ts';

/** Microseconds of a Time value the engine has normalised (so it always parses). */
export function timeMicros(time: string): bigint {
  const micros = parseTime(time);
  if (micros === null) throw new Error(`not a normalised Time: ${time}`);
  return micros;
}

export function relTimeMicros(relTime: RelTime): bigint {
  return BigInt(relTime.microseconds);
}

export function relTimeOf(micros: bigint): RelTime {
  return { microseconds: micros.toString() };
}

export function addMicros(time: string, micros: bigint): string {
  return formatTime(timeMicros(time) + micros);
}

export function nowMicros(tx: TransactionContext): bigint {
  return timeMicros(tx.now());
}

// Daml 3.x's DA.Assert fails these with a failure status of its own, so the DAML_FAILURE's
// cause names the same error id on both implementations.
export const deadlineErrorIds = {
  exceeded: 'stdlib.daml.com/deadline-exceeded',
  notExceeded: 'stdlib.daml.com/deadline-not-exceeded',
} as const;

// Daml's assertDeadlineExceeded and assertWithinDeadline compare with the ledger time primitives
// (isLedgerTimeGE / isLedgerTimeLT), not getTime: an externally signed transaction that checks a
// deadline this way stays executable until the deadline, as in Splice.

/** Splice's assertDeadlineExceeded: the time must have come (`time <= now`). */
export function requireDeadlineExceeded(tx: TransactionContext, label: string, time: string): void {
  if (!tx.isLedgerTimeGE(time)) {
    tx.failWithStatus(deadlineErrorIds.notExceeded, `${label} (${time}) has not passed yet`);
  }
}

/** Splice's assertWithinDeadline: the time must still be ahead (`now < time`). */
export function requireWithinDeadline(tx: TransactionContext, label: string, time: string): void {
  if (!tx.isLedgerTimeLT(time)) {
    tx.failWithStatus(deadlineErrorIds.exceeded, `${label} (${time}) has already passed`);
  }
}
