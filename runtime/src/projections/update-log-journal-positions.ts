import { appendOnlyArray, type UndoLog } from '@pocketnet/ledger';

/**
 * Where each offset's record is in the journal, which also holds admin records (no offset) in
 * between: as runs of consecutive offsets at consecutive journal indices, `[first offset, its
 * journal index]` each. Admin records are few, so there are few runs.
 */
export type SavedJournalPositions = {
  /** How many journal records the log has seen, admin records included. */
  readonly journalRecords: number;
  /** The runs, flat: first offset, its journal index, first offset, … */
  readonly runs: readonly number[];
};

export function createJournalPositions(undo: UndoLog) {
  const seen = { journalRecords: 0 };
  const runs = appendOnlyArray<number>(undo);

  /** The last run's first offset's position in `runs` holding an offset <= `offset`. */
  const runOf = (offset: number): number => {
    let low = 0;
    let high = runs.length / 2 - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((runs[middle * 2] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low * 2;
  };

  return {
    /** Counts a journal record the log saw; its journal index. */
    journaled(): number {
      const index = seen.journalRecords;
      undo.assign(seen, 'journalRecords', index + 1);
      return index;
    },
    /** The record of `offset` is at `journalIndex`. */
    place(offset: number, journalIndex: number): void {
      const last = runs.length - 2;
      const continues =
        last >= 0 && (runs[last + 1] ?? 0) + offset - (runs[last] ?? 0) === journalIndex;
      if (!continues) runs.push(offset, journalIndex);
    },
    journalIndexOf(offset: number): number {
      const run = runOf(offset);
      return (runs[run + 1] ?? 0) + offset - (runs[run] ?? 0);
    },
    save: (): SavedJournalPositions => ({ journalRecords: seen.journalRecords, runs: [...runs] }),
    restore(saved: SavedJournalPositions): void {
      seen.journalRecords = saved.journalRecords;
      // One at a time: a spread of a long history's array outgrows the call stack.
      for (const each of saved.runs) runs.push(each);
    },
  };
}
