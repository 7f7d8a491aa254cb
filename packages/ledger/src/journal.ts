import type { JournalRecord } from './transaction.ts';

/**
 * The append-only, durable list of records: the only source of truth. Records are appended in
 * order by a single writer; `append` resolves once the record is durable (a backend may
 * group concurrent appends into one flush). Replay yields every record in append order.
 */
export type Journal = {
  /**
   * `json`, when given, is `record` as `recordJson` renders it (or JSON that parses to it, as a
   * state file's line does): a backend that stores JSON takes it as it is instead of rendering
   * the record again.
   */
  append(record: JournalRecord, json?: string): Promise<void>;
  replay(): AsyncIterable<JournalRecord>;
  /**
   * A backend of bytes (the file journal): where the records appended so far end, counting
   * from the journal's first byte, durable or not yet. A revert to this point cuts there
   * (`truncateFileJournal`) instead of counting the records before it.
   */
  byteLength?(): number;
  close(): Promise<void>;
};
