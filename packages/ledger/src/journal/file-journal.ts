import { mkdir } from 'node:fs/promises';
import type { Journal } from '../journal.ts';
import type { JournalRecord } from '../transaction.ts';
import { lockDirectory } from './directory-lock.ts';
import { createGroupCommit, type FlushStats } from './group-commit.ts';
import { decodeRecord, encodeRecordFrame } from './record-codec.ts';
import { createStringPool } from './record-interning.ts';
import { cutTornTail, JournalCorruptionError, listSegments, readFrames } from './segment-files.ts';
import { openSegmentWriter, type SegmentWriter } from './segment-writer.ts';

export type FileJournalOptions = {
  /** The data folder; created if missing. */
  readonly dir: string;
  /** Start a new segment file once the current one reaches this size (default 64 MiB). */
  readonly segmentBytes?: number;
  /** Called after every durable write (O_DSYNC), with how many records it made durable. */
  readonly onFlush?: (stats: FlushStats) => void;
  /** Called once on open when a torn tail was cut, with the number of bytes dropped. */
  readonly onTornTail?: (bytes: number) => void;
};

const defaultSegmentBytes = 64 * 1024 * 1024;

/**
 * The durable journal: append-only segment files of checksummed frames in `dir`. Opening cuts
 * a torn tail left by a crash. Appends made while a flush is under way are written and synced
 * together by the next flush (group commit), so concurrent submissions share one synced write.
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
  return createSegmentJournal({ writer, unlock, onFlush: options.onFlush });
}

function createSegmentJournal(parts: {
  readonly writer: SegmentWriter;
  readonly unlock: () => Promise<void>;
  readonly onFlush: ((stats: FlushStats) => void) | undefined;
}): Journal {
  const { writer } = parts;
  const group = createGroupCommit({
    flush: (bytes) => writer.write(bytes),
    onFlush: parts.onFlush,
  });
  let closed = false;
  return {
    append(record: JournalRecord) {
      if (closed) return Promise.reject(new Error('the journal is closed'));
      try {
        return group.enqueue(encodeRecordFrame(record));
      } catch (error) {
        return Promise.reject(error);
      }
    },
    replay: () => replayExtents(writer.extents()),
    async close() {
      if (closed) return;
      closed = true;
      await group.drained();
      await writer.close();
      await parts.unlock();
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
