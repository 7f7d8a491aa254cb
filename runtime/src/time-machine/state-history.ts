import {
  createStringPool,
  decodeRecordJson,
  type JournalFill,
  type JournalHistory,
  type JournalRecord,
  recordJson,
} from '@pocketnet/ledger';

/**
 * A state file's journal records (issue 23), left as the file's lines until one is asked for:
 * a load restores the holders from their sections and decodes a record only where a holder (or
 * a read) needs it.
 */
export type StateHistory = JournalHistory & {
  /** Record `index`'s JSON as the file holds it: a dump writes it again as it is. */
  json(index: number): string;
  /** The records' lines in shared memory, for the journal's writer thread to write. */
  readonly fill: JournalFill;
};

export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

/**
 * The history over `bytes` (a view of `fill.data`), whose record `index` is the line from
 * `starts[index]` to the newline before `starts[index + 1]`; `firstLine` is record 0's line
 * number in the file, for errors. Decoded records are kept (the same object on every call) and
 * share one string pool, as a journal's replay does.
 */
export function createStateHistory(
  bytes: Buffer,
  starts: Float64Array,
  firstLine: number,
): StateHistory {
  const length = starts.length - 1;
  const decoded = new Array<JournalRecord | undefined>(length);
  const pool = createStringPool();
  const json = (index: number): string => {
    if (!(index >= 0 && index < length)) throw new RangeError(`the history has no record ${index}`);
    return bytes.toString('utf8', starts[index], (starts[index + 1] as number) - 1);
  };
  const decode = (index: number): JournalRecord => {
    let record: JournalRecord;
    try {
      record = decodeRecordJson(json(index), pool);
    } catch (error) {
      if (error instanceof RangeError) throw error;
      throw new StateFileError(`line ${firstLine + index} is not JSON`);
    }
    if (typeof record !== 'object' || record === null || typeof record.type !== 'string') {
      throw new StateFileError(`line ${firstLine + index} is not a journal record`);
    }
    return record;
  };
  return {
    length,
    at(index) {
      let record = decoded[index];
      if (record === undefined) {
        record = decode(index);
        decoded[index] = record;
      }
      return record;
    },
    json,
    fill: {
      data: bytes.buffer as SharedArrayBuffer,
      from: bytes.byteOffset + (starts[0] as number),
      to: bytes.byteOffset + (starts[length] as number),
      count: length,
    },
  };
}

/** A history of records in memory, rendered as a state file would hold them. */
export function stateHistoryOf(records: readonly JournalRecord[]): StateHistory {
  const lines = records.map((record) => `${recordJson(record)}\n`);
  const bytes = sharedBytesOf(lines.join(''));
  const starts = new Float64Array(records.length + 1);
  for (const [index, line] of lines.entries()) {
    starts[index + 1] = (starts[index] as number) + Buffer.byteLength(line);
  }
  return createStateHistory(bytes, starts, 1);
}

/** `text` in shared memory (the journal's writer thread reads it there). */
export function sharedBytesOf(text: string | Uint8Array): Buffer {
  const length = typeof text === 'string' ? Buffer.byteLength(text) : text.length;
  const bytes = Buffer.from(new SharedArrayBuffer(length));
  if (typeof text === 'string') bytes.write(text);
  else bytes.set(text);
  return bytes;
}
