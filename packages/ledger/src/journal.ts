import type { JournalRecord } from './transaction.ts';

/**
 * The append-only, durable list of records: the only source of truth. Records are appended in
 * order by a single writer; `append` resolves once the record is durable (a backend may
 * group concurrent appends into one flush). Replay yields every record in append order.
 */
export type Journal = {
  append(record: JournalRecord): Promise<void>;
  replay(): AsyncIterable<JournalRecord>;
  close(): Promise<void>;
};
