import type { JournalRecord } from '../transaction.ts';
import { frameJson } from './frame-format.ts';
import { createStringPool, internRecord, type StringPool } from './record-interning.ts';

function toJson(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

export function recordJson(record: JournalRecord): string {
  try {
    // Without a replacer JSON.stringify takes V8's fast path; only a record holding a bigint
    // (which it refuses) pays for the replacer.
    return JSON.stringify(record);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return JSON.stringify(record, toJson);
  }
}

export function encodeRecord(record: JournalRecord): Buffer {
  return Buffer.from(recordJson(record), 'utf8');
}

export function decodeRecord(
  payload: Buffer,
  pool: StringPool = createStringPool(),
): JournalRecord {
  // Trusted: the payload passed its checksum, and only encodeRecord ever wrote it.
  return decodeRecordJson(payload.toString('utf8'), pool);
}

/** A record from its JSON text (a journal frame's payload, a state file's line). */
export function decodeRecordJson(
  json: string,
  pool: StringPool = createStringPool(),
): JournalRecord {
  return internRecord(pool, JSON.parse(json) as JournalRecord);
}

/** The frame of `encodeRecord(record)`. */
export function encodeRecordFrame(record: JournalRecord): Buffer {
  return frameJson(recordJson(record));
}
