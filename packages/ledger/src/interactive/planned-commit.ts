import type { Acceptance, ChangeId } from '../engine/deduplication.ts';
import type { TransactionContext } from '../engine/transaction-builder.ts';
import type { RejectionRecord, TransactionRecord } from '../transaction.ts';

/**
 * What a planned commit sees inside the writer's critical section: the engine's state (so it
 * can interpret against exactly what will be committed on), the offset and record time the
 * record must use, and an earlier acceptance of the same change, if any.
 */
export type PlannedCommitContext = TransactionContext & {
  readonly offset: number;
  readonly recordMicros: bigint;
  /** The clock's time, which ledger time starts from (the record time may be moved past it). */
  readonly clockMicros: bigint;
  readonly change: ChangeId;
  readonly duplicate: Acceptance | null;
};

/**
 * Builds the record of an externally signed submission: its transaction, or the rejection
 * its completion reports. Runs synchronously; a DomainError it throws commits nothing.
 */
export type PlannedCommit<TRecord extends TransactionRecord | RejectionRecord> = (
  context: PlannedCommitContext,
) => TRecord;
