import { open, rm, stat } from 'node:fs/promises';
import { lockDirectory } from './directory-lock.ts';
import { frameHeaderBytes, readFrame } from './frame-format.ts';
import {
  JournalCorruptionError,
  listSegments,
  readFrames,
  type Segment,
  truncateFile,
} from './segment-files.ts';

/**
 * Cuts the closed file journal in `dir` back to its first `keep` records (a revert): the segment
 * holding the cut is truncated just after record `keep`, and later segments are deleted, so the
 * next open replays exactly those records. Refuses to cut a journal shorter than `keep`.
 *
 * `byteLength`, when given, is where record `keep` ends in the journal's bytes (segments one
 * after the other), as the journal said when it held exactly `keep` records (`Journal.byteLength`):
 * the cut is then made there without reading the records before it, once a record is seen to
 * start at that byte (or the journal to end there). Otherwise the records are counted.
 */
export async function truncateFileJournal(
  dir: string,
  keep: number,
  byteLength?: number,
): Promise<void> {
  const unlock = await lockDirectory(dir);
  try {
    const segments = await listSegments(dir);
    if (byteLength === undefined || !(await cutAtByte(segments, byteLength))) {
      await cutAtRecord(dir, segments, keep);
    }
  } finally {
    await unlock();
  }
}

/** Cuts at `byteLength` if a record ends there; false (nothing changed) if it cannot be seen to. */
async function cutAtByte(segments: readonly Segment[], byteLength: number): Promise<boolean> {
  let start = 0;
  for (const [index, segment] of segments.entries()) {
    const { size } = await stat(segment.path);
    if (byteLength > start + size) {
      start += size;
      continue;
    }
    const cutAt = byteLength - start;
    if (cutAt < size && !(await frameStartsAt(segment.path, cutAt, size))) return false;
    if (cutAt < size) await truncateFile(segment.path, cutAt);
    for (const later of segments.slice(index + 1)) await rm(later.path);
    return true;
  }
  return byteLength === start;
}

/** Whether an intact frame starts at `position` of the segment (its checksum holds). */
async function frameStartsAt(path: string, position: number, size: number): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const header = Buffer.alloc(frameHeaderBytes);
    await handle.read(header, 0, frameHeaderBytes, position);
    const end = Math.min(size, position + frameHeaderBytes + header.readUInt32BE(0));
    const frame = Buffer.alloc(end - position);
    await handle.read(frame, 0, frame.length, position);
    return readFrame(frame, 0).kind === 'frame';
  } finally {
    await handle.close();
  }
}

async function cutAtRecord(dir: string, segments: readonly Segment[], keep: number) {
  let seen = 0;
  for (const segment of segments) {
    if (seen === keep) {
      await rm(segment.path);
      continue;
    }
    const { size } = await stat(segment.path);
    let cutAt: number | null = null;
    for await (const event of readFrames(segment.path, size)) {
      // Where record `keep` ends; past the last record, the writer's zeros go too.
      if (seen === keep || event.kind === 'stop') {
        cutAt = seen === keep ? event.position : null;
        break;
      }
      seen += 1;
    }
    if (cutAt !== null) await truncateFile(segment.path, cutAt);
  }
  if (seen < keep) {
    throw new JournalCorruptionError(`the journal in ${dir} holds ${seen} records, not ${keep}`);
  }
}
