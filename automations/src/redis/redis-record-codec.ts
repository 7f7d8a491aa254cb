import type { JournalRecord } from '@pocketnet/ledger';

function bigintAsString(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** A record as the file journal writes it: plain JSON, a bigint (rare) as its decimal string. */
export function encodeJournalRecord(record: JournalRecord): string {
  try {
    // Without a replacer JSON.stringify takes V8's fast path.
    return JSON.stringify(record);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return JSON.stringify(record, bigintAsString);
  }
}

/** Trusted: only `encodeJournalRecord`, inside the append script, ever wrote it. */
export function decodeJournalRecord(text: string): JournalRecord {
  return JSON.parse(text) as JournalRecord;
}
