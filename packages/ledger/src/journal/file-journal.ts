import { mkdir } from 'node:fs/promises';
import type { Journal } from '../journal.ts';
import type { JournalRecord } from '../transaction.ts';
import { lockDirectory } from './directory-lock.ts';
import { decodeRecord, encodeFrame, encodeRecord } from './record-codec.ts';
import { cutTornTail, JournalCorruptionError, listSegments, readFrames } from './segment-files.ts';
import { openSegmentWriter, type SegmentWriter } from './segment-writer.ts';

export type FlushStats = { readonly records: number; readonly bytes: number };

export type FileJournalOptions = {
  /** The data folder; created if missing. */
  readonly dir: string;
  /** Start a new segment file once the current one reaches this size (default 64 MiB). */
  readonly segmentBytes?: number;
  /** Called after every write + fdatasync, with how many records it made durable. */
  readonly onFlush?: (stats: FlushStats) => void;
  /** Called once on open when a torn tail was cut, with the number of bytes dropped. */
  readonly onTornTail?: (bytes: number) => void;
};

type PendingAppend = {
  readonly frame: Buffer;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
};

const defaultSegmentBytes = 64 * 1024 * 1024;

/**
 * The durable journal: append-only segment files of checksummed frames in `dir`. Opening cuts
 * a torn tail left by a crash. Appends made while a flush is under way are written and synced
 * together by the next flush (group commit), so concurrent submissions share one fdatasync.
 */
export async function createFileJournal(options: FileJournalOptions): Promise<Journal> {
  await mkdir(options.dir, { recursive: true });
  const unlock = await lockDirectory(options.dir);
  let writer: SegmentWriter;
  try {
    const segments = await listSegments(options.dir);
    const last = segments.at(-1);
    const cut = last ? await cutTornTail(last.path) : 0;
    if (cut > 0) options.onTornTail?.(cut);
    const segmentBytes = options.segmentBytes ?? defaultSegmentBytes;
    writer = await openSegmentWriter({ dir: options.dir, segments, segmentBytes });
  } catch (error) {
    await unlock();
    throw error;
  }
  return createGroupCommitJournal({ writer, unlock, onFlush: options.onFlush });
}

function createGroupCommitJournal(parts: {
  readonly writer: SegmentWriter;
  readonly unlock: () => Promise<void>;
  readonly onFlush: ((stats: FlushStats) => void) | undefined;
}): Journal {
  const { writer } = parts;
  const queue: PendingAppend[] = [];
  let flushing: Promise<void> | null = null;
  let failure: Error | null = null;
  let closed = false;

  async function flushBatch(batch: readonly PendingAppend[]): Promise<void> {
    const bytes = Buffer.concat(batch.map((pending) => pending.frame));
    try {
      if (failure) throw failure;
      await writer.write(bytes);
    } catch (error) {
      // After a failed write or sync the file's state is unknown: refuse everything from now on.
      failure ??= error instanceof Error ? error : new Error(String(error));
      for (const pending of batch) pending.reject(failure);
      return;
    }
    parts.onFlush?.({ records: batch.length, bytes: bytes.length });
    for (const pending of batch) pending.resolve();
  }

  async function flushAll(): Promise<void> {
    // Let the appends of this turn of the event loop join the first flush.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) await flushBatch(queue.splice(0));
    flushing = null;
  }

  return {
    append(record: JournalRecord) {
      if (closed) return Promise.reject(new Error('the journal is closed'));
      if (failure) return Promise.reject(failure);
      let frame: Buffer;
      try {
        frame = encodeFrame(encodeRecord(record));
      } catch (error) {
        return Promise.reject(error);
      }
      const { promise, resolve, reject } = Promise.withResolvers<void>();
      queue.push({ frame, resolve, reject });
      flushing ??= flushAll();
      return promise;
    },
    replay: () => replayExtents(writer.extents()),
    async close() {
      if (closed) return;
      closed = true;
      await flushing;
      await writer.close();
      await parts.unlock();
    },
  };
}

async function* replayExtents(
  extents: readonly { readonly path: string; readonly size: number }[],
): AsyncGenerator<JournalRecord> {
  for (const extent of extents) {
    for await (const event of readFrames(extent.path, extent.size)) {
      if (event.kind === 'frame') yield decodeRecord(event.payload);
      else if (!event.intact) {
        throw new JournalCorruptionError(
          `journal ${extent.path} is damaged at byte ${event.position}`,
        );
      }
    }
  }
}
