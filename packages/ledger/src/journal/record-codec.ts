import { crc32 } from 'node:zlib';
import type { JournalRecord } from '../transaction.ts';
import { createStringPool, internRecord, type StringPool } from './record-interning.ts';

// A frame is `length (u32 BE) | crc32 (u32 BE) | payload`, the payload being the record as
// UTF-8 JSON. The checksum covers the length bytes too, so a torn or flipped length is caught
// as surely as a damaged payload.
export const frameHeaderBytes = 8;
/** Larger frames are refused on write and treated as damage on read. */
export const maxPayloadBytes = 128 * 1024 * 1024;
// The shortest JSON a record can be is `{}`; a zero length is what a zero-filled tail reads as.
const minPayloadBytes = 2;

function toJson(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

function recordJson(record: JournalRecord): string {
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
  return internRecord(pool, JSON.parse(payload.toString('utf8')) as JournalRecord);
}

function checksum(lengthBytes: Buffer, payload: Buffer): number {
  return crc32(payload, crc32(lengthBytes));
}

/**
 * The frame of `encodeRecord(record)`. The JSON is written straight into the frame: one buffer
 * per record and no copy, on the path of every commit.
 */
export function encodeRecordFrame(record: JournalRecord): Buffer {
  const json = recordJson(record);
  const length = Buffer.byteLength(json, 'utf8');
  if (length > maxPayloadBytes) {
    throw new RangeError(`journal record of ${length} bytes exceeds ${maxPayloadBytes}`);
  }
  const frame = Buffer.allocUnsafe(frameHeaderBytes + length);
  frame.writeUInt32BE(length, 0);
  frame.write(json, frameHeaderBytes, 'utf8');
  frame.writeUInt32BE(checksum(frame.subarray(0, 4), frame.subarray(frameHeaderBytes)), 4);
  return frame;
}

/**
 * Reads the frame starting at `position` of `bytes`: its payload and where the next frame
 * starts, `incomplete` when the bytes end inside the frame, or `damaged` when the frame can
 * never be valid (bad length or checksum).
 */
export function readFrame(
  bytes: Buffer,
  position: number,
):
  | { readonly kind: 'frame'; readonly payload: Buffer; readonly next: number }
  | { readonly kind: 'incomplete' }
  | { readonly kind: 'damaged' } {
  if (bytes.length - position < frameHeaderBytes) return { kind: 'incomplete' };
  const length = bytes.readUInt32BE(position);
  if (length < minPayloadBytes || length > maxPayloadBytes) return { kind: 'damaged' };
  const next = position + frameHeaderBytes + length;
  if (next > bytes.length) return { kind: 'incomplete' };
  const payload = bytes.subarray(position + frameHeaderBytes, next);
  const lengthBytes = bytes.subarray(position, position + 4);
  if (checksum(lengthBytes, payload) !== bytes.readUInt32BE(position + 4)) {
    return { kind: 'damaged' };
  }
  return { kind: 'frame', payload, next };
}

/** Whether any intact frame starts somewhere after `position`: then damage is not a torn tail. */
export function hasFrameAfter(bytes: Buffer, position: number): boolean {
  for (let candidate = position + 1; candidate + frameHeaderBytes < bytes.length; candidate += 1) {
    if (readFrame(bytes, candidate).kind === 'frame') return true;
  }
  return false;
}
