import { hasOffset, type JournalRecord } from '../transaction.ts';
import type { UndoLog } from '../undo/undo-log.ts';
import { appendOnlyArray } from '../undo/undoable-collections.ts';

/**
 * Where the records the engine applied are in the journal. Every record but an admin one takes
 * the next offset, so the journal index of an offset follows from where the (few) admin records
 * are: holders save journal indices of the records they keep, and a restored holder resolves
 * them through the state's history (issue 23) instead of copying the records.
 */
export type JournalPositions = {
  /** How many records were applied: the journal index the next record gets. */
  readonly length: number;
  /** The journal index of the record at `offset`. */
  indexOfOffset(offset: number): number;
  /** The offset of the record at journal index `index` (not an admin record). */
  offsetAt(index: number): number;
  /** Counts a record applied (live or replayed). */
  applied(record: JournalRecord): void;
};

export type SavedJournalPositions = {
  readonly length: number;
  /** The journal indices of the admin records, ascending. */
  readonly admin: readonly number[];
};

export function createJournalPositions(undo: UndoLog) {
  const counted = { length: 0 };
  // Ascending; the number of offset records before admin record j is admin[j] - j.
  const admin = appendOnlyArray<number>(undo);
  /** How many admin records precede the offset record with 0-based rank `rank`. */
  const adminBefore = (rank: number) => {
    let low = 0;
    let high = admin.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((admin[middle] as number) - middle <= rank) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  /** How many admin records have a journal index below `index`. */
  const adminBelow = (index: number) => {
    let low = 0;
    let high = admin.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((admin[middle] as number) < index) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const positions: JournalPositions = {
    get length() {
      return counted.length;
    },
    indexOfOffset: (offset) => offset - 1 + adminBefore(offset - 1),
    offsetAt: (index) => index - adminBelow(index) + 1,
    applied(record) {
      if (!hasOffset(record)) admin.push(counted.length);
      undo.assign(counted, 'length', counted.length + 1);
    },
  };
  return {
    positions,
    save: (): SavedJournalPositions => ({ length: counted.length, admin: [...admin] }),
    restore(saved: SavedJournalPositions): void {
      counted.length = saved.length;
      // One at a time: a spread of a long history's array outgrows the call stack.
      for (const each of saved.admin) admin.push(each);
    },
  };
}
