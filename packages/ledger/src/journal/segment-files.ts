import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { hasFrameAfter, readFrame } from './frame-format.ts';
import { segmentPattern } from './segment-paths.ts';

/** Damage inside the journal that a crash cannot explain: refusing to go on is the only safe answer. */
export class JournalCorruptionError extends Error {
  override readonly name = 'JournalCorruptionError';
}

export type Segment = { readonly index: number; readonly path: string };

const chunkBytes = 1024 * 1024;

export async function listSegments(dir: string): Promise<Segment[]> {
  const names = await readdir(dir);
  const segments: Segment[] = [];
  for (const name of names) {
    const match = segmentPattern.exec(name);
    if (match?.[1] !== undefined) segments.push({ index: Number(match[1]), path: join(dir, name) });
  }
  return segments.sort((left, right) => left.index - right.index);
}

export type FrameEvent =
  | { readonly kind: 'frame'; readonly payload: Buffer; readonly position: number }
  | { readonly kind: 'stop'; readonly position: number; readonly intact: boolean };

/**
 * Streams the frames of the first `end` bytes of a segment, chunk by chunk, so a large journal
 * never sits in memory whole. Ends with one `stop` event at the end of the last intact frame.
 */
export async function* readFrames(path: string, end: number): AsyncGenerator<FrameEvent> {
  let buffer: Buffer = Buffer.alloc(0);
  let base = 0;
  if (end > 0) {
    const stream = createReadStream(path, { start: 0, end: end - 1, highWaterMark: chunkBytes });
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      let position = 0;
      let frame = readFrame(buffer, position);
      while (frame.kind === 'frame') {
        yield { kind: 'frame', payload: frame.payload, position: base + position };
        position = frame.next;
        frame = readFrame(buffer, position);
      }
      buffer = buffer.subarray(position);
      base += position;
      if (frame.kind === 'damaged') break;
    }
  }
  yield { kind: 'stop', position: base, intact: buffer.length === 0 };
}

async function readRange(path: string, start: number, end: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const bytes = Buffer.alloc(end - start);
    await handle.read(bytes, 0, bytes.length, start);
    return bytes;
  } finally {
    await handle.close();
  }
}

/**
 * Where the data before `end` really ends: just past its last byte that is not zero. The writer
 * fills space ahead of the records with zeros, so a crash leaves zeros behind the last record;
 * they were never data. Scans backwards in chunks, no further than `from`.
 */
async function endOfNonZero(path: string, from: number, end: number): Promise<number> {
  const handle = await open(path, 'r');
  try {
    const chunk = Buffer.alloc(chunkBytes);
    for (let stop = end; stop > from; ) {
      const start = Math.max(from, stop - chunkBytes);
      const { bytesRead } = await handle.read(chunk, 0, stop - start, start);
      for (let index = bytesRead - 1; index >= 0; index -= 1) {
        if (chunk[index] !== 0) return start + index + 1;
      }
      stop = start;
    }
    return from;
  } finally {
    await handle.close();
  }
}

/**
 * Cuts a torn tail left by a crash in the middle of a write: everything after the last intact
 * frame, provided no intact frame follows the damage (else it is corruption, not a tear).
 * Returns the number of torn bytes cut; zeros the writer laid down ahead of its records are
 * cut as well but not counted, as they never held a record.
 */
export async function cutTornTail(path: string): Promise<number> {
  const { size } = await stat(path);
  let goodEnd = 0;
  for await (const event of readFrames(path, size)) {
    if (event.kind === 'stop') goodEnd = event.position;
  }
  if (goodEnd === size) return 0;
  const dataEnd = await endOfNonZero(path, goodEnd, size);
  if (dataEnd > goodEnd && hasFrameAfter(await readRange(path, goodEnd, dataEnd), 0)) {
    throw new JournalCorruptionError(`journal ${path} is damaged at byte ${goodEnd}`);
  }
  await truncateFile(path, goodEnd);
  return dataEnd - goodEnd;
}

/** Cuts the file at `path` to `length` bytes, durably. */
export async function truncateFile(path: string, length: number): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.truncate(length);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
