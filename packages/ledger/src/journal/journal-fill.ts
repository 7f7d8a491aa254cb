import { frameHeaderBytes, writeFrameOfBytes } from './frame-format.ts';

/**
 * Records' JSON one a line (each line ends in `\n`; none is empty), in `data[from, to)`: a
 * state file's history, which a file journal opened with it frames and writes on its writer
 * thread before anything appended (issue 23), so that the engine's thread frames none of it.
 * `data` is shared, so the bytes cross to the thread without a copy.
 */
export type JournalFill = {
  readonly data: SharedArrayBuffer;
  readonly from: number;
  readonly to: number;
  /** How many records (lines) the range holds. */
  readonly count: number;
};

const newline = 0x0a;

/**
 * The bytes the fill's frames take in the journal: each line's payload (its newline dropped)
 * and a frame header.
 */
export function fillFrameBytes(fill: JournalFill): number {
  return fill.to - fill.from + fill.count * (frameHeaderBytes - 1);
}

/** Each record's line as a slice of the shared bytes (no copy), in order. */
function* fillLines(fill: JournalFill): Generator<Uint8Array> {
  const bytes = new Uint8Array(fill.data, 0, fill.to);
  for (let at = fill.from; at < fill.to; ) {
    const end = bytes.indexOf(newline, at);
    if (end <= at) throw new Error(`the journal's fill has an empty or unended line at byte ${at}`);
    yield bytes.subarray(at, end);
    at = end + 1;
  }
}

/** Writes in chunks this large: few synced writes, and a segment overshoots by at most one. */
const chunkBytes = 8 * 1024 * 1024;

/**
 * Refuses, before anything is written, a fill whose lines are not the count announced (the
 * engine's thread counted on exactly that many bytes) or one of which is not a journal record:
 * the engine's thread decodes a record only when something reads it, and a damaged line written
 * into the journal would stop the next restart's replay.
 */
function checkFill(fill: JournalFill): void {
  let records = 0;
  for (const line of fillLines(fill)) {
    let record: unknown;
    try {
      record = JSON.parse(Buffer.from(line.buffer, line.byteOffset, line.length).toString('utf8'));
    } catch {
      record = null;
    }
    if (typeof (record as { type?: unknown } | null)?.type !== 'string') {
      throw new Error(
        `the journal's fill holds a line that is not a journal record: record ${records + 1}`,
      );
    }
    records += 1;
  }
  if (records !== fill.count) {
    throw new Error(`the journal's fill holds ${records} records, not ${fill.count}`);
  }
}

/**
 * Frames the fill's lines and hands them to `write` a chunk at a time (each chunk ends where a
 * frame does), on the writer thread, once every line is checked (`checkFill`).
 */
export function writeFill(fill: JournalFill, write: (chunk: Buffer) => void): void {
  checkFill(fill);
  let chunk = Buffer.allocUnsafe(chunkBytes);
  let used = 0;
  for (const line of fillLines(fill)) {
    const frameBytes = frameHeaderBytes + line.length;
    if (used + frameBytes > chunk.length && used > 0) {
      write(chunk.subarray(0, used));
      used = 0;
    }
    // A record larger than a chunk goes in a frame of its own.
    if (frameBytes > chunk.length) chunk = Buffer.allocUnsafe(frameBytes);
    used += writeFrameOfBytes(chunk, used, line);
  }
  if (used > 0) write(chunk.subarray(0, used));
}
