import { rm, stat } from 'node:fs/promises';
import { lockDirectory } from './directory-lock.ts';
import { JournalCorruptionError, listSegments, readFrames, truncateFile } from './segment-files.ts';

/**
 * Cuts the closed file journal in `dir` back to its first `keep` records (a revert): the segment
 * holding the cut is truncated just after record `keep`, and later segments are deleted, so the
 * next open replays exactly those records. Refuses to cut a journal shorter than `keep`.
 */
export async function truncateFileJournal(dir: string, keep: number): Promise<void> {
  const unlock = await lockDirectory(dir);
  try {
    let seen = 0;
    const segments = await listSegments(dir);
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
  } finally {
    await unlock();
  }
}
