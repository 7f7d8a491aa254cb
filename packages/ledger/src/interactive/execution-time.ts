import {
  ledgerTimeOutOfBound,
  notSequencedTimeout,
  preparationTimeOutOfBound,
} from './interactive-errors.ts';
import type { ProtoMetadata } from './prepared-proto.ts';

/** Canton's default preparation-time tolerance: a prepared transaction lives about 24 hours. */
export const preparationTimeToleranceMicros = 24n * 3600n * 1_000_000n;
/** Canton's default ledgerTimeRecordTimeTolerance (a synchronizer parameter): one minute. */
export const ledgerTimeToleranceMicros = 60n * 1_000_000n;

export type ExecutionTimeInput = {
  readonly metadata: ProtoMetadata;
  readonly recordMicros: bigint;
  /** The clock's time, which the ledger time starts from; the record time when absent. */
  readonly clockMicros?: bigint | undefined;
  /** The execute request's minimum ledger time, if it gave one. */
  readonly minLedgerTimeMicros: bigint | null;
  readonly formatTime: (micros: bigint) => string;
  readonly preparationToleranceMicros?: bigint | undefined;
  readonly ledgerToleranceMicros?: bigint | undefined;
};

const optionalMicros = (value: string | undefined) => (value === undefined ? null : BigInt(value));

/**
 * Canton's adjustLedgerTimeToBounds: the ledger time execution asks for (now, or the
 * request's later minimum), moved into the signed ledger time bounds of the preparation.
 */
export function ledgerTimeWithin(metadata: ProtoMetadata, requested: bigint): bigint {
  const min = optionalMicros(metadata.minLedgerEffectiveTime);
  const max = optionalMicros(metadata.maxLedgerEffectiveTime);
  if (min !== null && requested < min) return min;
  if (max !== null && requested > max) return max;
  return requested;
}

const distance = (left: bigint, right: bigint) => (left > right ? left - right : right - left);

/**
 * The ledger time a prepared transaction executes at, once the synchronizer's time checks pass
 * at this record time, in the order Canton's make them: the signed maximum record time
 * (NOT_SEQUENCED_TIMEOUT), the ledger time within the ledger time tolerance of the record time
 * (LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND: a transaction bound to a time that has passed, say
 * a deadline or a read of the time, cannot be recorded now), then the preparation time within
 * the preparation time tolerance (LOCAL_VERDICT_PREPARATION_TIME_OUT_OF_BOUND).
 */
export function executionLedgerTime(input: ExecutionTimeInput): bigint {
  const { metadata, recordMicros, formatTime } = input;
  const maxRecord = optionalMicros(metadata.maxRecordTime);
  if (maxRecord !== null && recordMicros > maxRecord) {
    throw notSequencedTimeout(formatTime(maxRecord), formatTime(recordMicros));
  }
  const minimum = input.minLedgerTimeMicros;
  const now = input.clockMicros ?? recordMicros;
  const requested = minimum !== null && minimum > now ? minimum : now;
  const ledgerMicros = ledgerTimeWithin(metadata, requested);
  const ledgerTolerance = input.ledgerToleranceMicros ?? ledgerTimeToleranceMicros;
  if (distance(ledgerMicros, recordMicros) > ledgerTolerance) {
    throw ledgerTimeOutOfBound({
      ledgerTime: formatTime(ledgerMicros),
      recordTime: formatTime(recordMicros),
      maxDelta: `${ledgerTolerance / 1_000_000n}s`,
    });
  }
  const preparation = BigInt(metadata.preparationTime ?? 0);
  const tolerance = input.preparationToleranceMicros ?? preparationTimeToleranceMicros;
  if (distance(recordMicros, preparation) > tolerance) {
    throw preparationTimeOutOfBound({
      preparation_time: formatTime(preparation),
      record_time: formatTime(recordMicros),
      tolerance: `${tolerance / 1_000_000n}s`,
    });
  }
  return ledgerMicros;
}
