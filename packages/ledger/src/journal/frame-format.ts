import { crc32 } from 'node:zlib';

// A frame is `length (u32 BE) | crc32 (u32 BE) | payload`, the payload being the record as
// UTF-8 JSON. The checksum covers the length bytes too, so a torn or flipped length is caught
// as surely as a damaged payload.
export const frameHeaderBytes = 8;
/** Larger frames are refused on write and treated as damage on read. */
export const maxPayloadBytes = 128 * 1024 * 1024;
// The shortest JSON a record can be is `{}`; a zero length is what a zero-filled tail reads as.
const minPayloadBytes = 2;

function checksum(lengthBytes: Buffer, payload: Buffer): number {
  return crc32(payload, crc32(lengthBytes));
}

function tooLarge(length: number): RangeError {
  return new RangeError(`journal record of ${length} bytes exceeds ${maxPayloadBytes}`);
}

/** Fills in the length and checksum of a frame whose payload is in place at `at + 8`. */
function sealFrame(target: Buffer, at: number, length: number): void {
  target.writeUInt32BE(length, at);
  const payload = target.subarray(at + frameHeaderBytes, at + frameHeaderBytes + length);
  target.writeUInt32BE(checksum(target.subarray(at, at + 4), payload), at + 4);
}

/** The frame of a record's JSON (`recordJson`), in a buffer of its own. */
export function frameJson(json: string): Buffer {
  const length = Buffer.byteLength(json, 'utf8');
  if (length > maxPayloadBytes) throw tooLarge(length);
  const frame = Buffer.allocUnsafe(frameHeaderBytes + length);
  frame.write(json, frameHeaderBytes, 'utf8');
  sealFrame(frame, 0, length);
  return frame;
}

/**
 * Writes the frame of a record's JSON straight into `target` at `at`, when it surely fits in
 * the `room` bytes there (UTF-8 takes at most 3 bytes per UTF-16 unit); returns its length,
 * or 0 (nothing written) when it might not fit.
 */
export function writeFrameInto(target: Buffer, at: number, room: number, json: string): number {
  if (frameHeaderBytes + json.length * 3 > room) return 0;
  const length = target.write(json, at + frameHeaderBytes, 'utf8');
  if (length > maxPayloadBytes) throw tooLarge(length);
  sealFrame(target, at, length);
  return frameHeaderBytes + length;
}

/**
 * Writes the frame of a record's JSON given as UTF-8 bytes (a state file's line) into `target`
 * at `at`, which must have room for it; returns its length.
 */
export function writeFrameOfBytes(target: Buffer, at: number, payload: Uint8Array): number {
  if (payload.length > maxPayloadBytes) throw tooLarge(payload.length);
  target.set(payload, at + frameHeaderBytes);
  sealFrame(target, at, payload.length);
  return frameHeaderBytes + payload.length;
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
