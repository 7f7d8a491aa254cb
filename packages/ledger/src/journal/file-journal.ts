import { mkdir, stat } from 'node:fs/promises';
import type { Journal } from '../journal.ts';
import type { JournalRecord } from '../transaction.ts';
import { lockDirectory } from './directory-lock.ts';
import type { JournalFill } from './journal-fill.ts';
import { decodeRecord, recordJson } from './record-codec.ts';
import { createStringPool } from './record-interning.ts';
import { cutTornTail, JournalCorruptionError, listSegments, readFrames } from './segment-files.ts';
import { type FlushStats, startWriterThread, type WriterThread } from './writer-thread.ts';

export type FileJournalOptions = {
  /** The data folder; created if missing. */
  readonly dir: string;
  /** Start a new segment file once the current one reaches this size (default 64 MiB). */
  readonly segmentBytes?: number;
  /** Called after every durable write, with how many records it made durable. */
  readonly onFlush?: (stats: FlushStats) => void;
  /** Called once on open when a torn tail was cut, with the number of bytes dropped. */
  readonly onTornTail?: (bytes: number) => void;
  /** Size of the buffer records cross to the writer thread in (a power of two; 4 MiB). */
  readonly ringBytes?: number;
  /**
   * The caller closed this journal itself and then cut it where a record ends (a revert), so
   * its newest segment has no torn tail: opening skips reading it through (up to a whole
   * segment, checksummed frame by frame: most of a revert's time on a long history).
   */
  readonly tailIsWhole?: boolean;
  /**
   * A state file's records (issue 23), appended before anything else: framed, checksummed and
   * written on the writer thread, so that the engine's thread does none of it.
   */
  readonly fill?: JournalFill;
};

/** The file journal: a journal of bytes, which may start with a fill. */
export type FileJournal = Journal & {
  byteLength(): number;
  /** Resolves once the fill it was opened with is durable (at once without one). */
  filled(): Promise<void>;
};

const defaultSegmentBytes = 64 * 1024 * 1024;

/** Cuts a torn tail off the newest segment and starts the writer thread behind its data. */
async function openWriter(options: FileJournalOptions): Promise<WriterThread> {
  const segments = await listSegments(options.dir);
  const last = segments.at(-1);
  const cut = last && !options.tailIsWhole ? await cutTornTail(last.path) : 0;
  if (cut > 0) options.onTornTail?.(cut);
  const sizeOf = async (path: string) => (await stat(path)).size;
  const sealed = [];
  for (const segment of segments.slice(0, -1)) {
    sealed.push({ path: segment.path, size: await sizeOf(segment.path) });
  }
  return startWriterThread({
    dir: options.dir,
    start: last ? { ...last, size: await sizeOf(last.path) } : null,
    sealed,
    segmentBytes: options.segmentBytes ?? defaultSegmentBytes,
    onFlush: options.onFlush,
    ringBytes: options.ringBytes,
    fill: options.fill,
  });
}

/**
 * The durable journal: append-only segment files of checksummed frames in `dir`. Opening cuts
 * a torn tail left by a crash. A writer thread owns the files: records are encoded here and
 * handed over as bytes; appends made while a write is under way are written and synced together
 * by the next one (group commit), so concurrent submissions share one synced write.
 */
export async function createFileJournal(options: FileJournalOptions): Promise<FileJournal> {
  await mkdir(options.dir, { recursive: true });
  const unlock = await lockDirectory(options.dir);
  let writer: WriterThread;
  try {
    writer = await openWriter(options);
  } catch (error) {
    await unlock();
    throw error;
  }
  let closed = false;
  // The segments' bytes at the start: everything appended goes after them.
  const bytesAtOpen = writer.extents().reduce((sum, extent) => sum + extent.size, 0);
  return {
    append(record: JournalRecord, json?: string) {
      if (closed) return Promise.reject(new Error('the journal is closed'));
      try {
        return writer.append(json ?? recordJson(record));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    replay: () => replayExtents(writer.extents()),
    byteLength: () => bytesAtOpen + writer.appendedBytes(),
    filled: () => writer.filled(),
    async close() {
      if (closed) return;
      closed = true;
      await writer.close();
      await unlock();
    },
  };
}

async function* replayExtents(
  extents: readonly { readonly path: string; readonly size: number }[],
): AsyncGenerator<JournalRecord> {
  // One pool per replay: every record of it shares one instance of each identifier.
  const pool = createStringPool();
  for (const extent of extents) {
    for await (const event of readFrames(extent.path, extent.size)) {
      if (event.kind === 'frame') yield decodeRecord(event.payload, pool);
      else if (!event.intact) {
        throw new JournalCorruptionError(
          `journal ${extent.path} is damaged at byte ${event.position}`,
        );
      }
    }
  }
}
