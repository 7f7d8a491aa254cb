import {
  appendOnlyArray,
  type JournalHistory,
  type JournalRecord,
  type LedgerRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import { concat, defer, filter, from, type Observable, takeWhile } from 'rxjs';
import { idKeyOf, idKeysOf, offsetsWithIdKey } from './update-log-id-keys.ts';
import {
  createJournalPositions,
  type SavedJournalPositions,
} from './update-log-journal-positions.ts';

/**
 * Every ledger record (transaction, rejection, topology) by offset and by update id: the
 * source of update streams, point lookups and completions. Streams replay history and then
 * follow the bus without a gap or a duplicate.
 */
export type UpdateLog = {
  apply(record: JournalRecord): void;
  ledgerEnd(): number;
  byOffset(offset: number): LedgerRecord | undefined;
  byUpdateId(updateId: string): LedgerRecord | undefined;
  /** Records with beginExclusive < offset <= endInclusive, in offset order. */
  range(beginExclusive: number, endInclusive: number): LedgerRecord[];
  /**
   * History after `beginExclusive`, then live records as they commit; completes after
   * `endInclusive` when one is given.
   */
  follow$(beginExclusive: number, endInclusive?: number | null): Observable<LedgerRecord>;
  /**
   * Where the record of `offset` is in the journal (which has admin records too): what state
   * sections keep to point at a record (issue 23).
   */
  journalIndexOf(offset: number): number;
};

/**
 * The update log's state section: where each offset's record is in the journal, and a short key
 * of each offset's update id. No record: a restored log reads those from the state's journal.
 */
export type SavedUpdateLog = SavedJournalPositions & {
  readonly ledgerEnd: number;
  /** `idKeyOf` of each offset's update id, in offset order, concatenated. */
  readonly updateIdKeys: string;
};

const isLedgerRecord = (record: JournalRecord): record is LedgerRecord => record.type !== 'admin';

/**
 * A restored log's history (issue 23): the records up to `end` stay in the state's journal,
 * decoded on first use, rather than decoded all before the node may start.
 */
type RestoredHistory = {
  readonly end: number;
  readonly journal: JournalHistory;
  readonly updateIdKeys: string;
};

const noHistory: RestoredHistory = {
  end: 0,
  journal: { length: 0, at: () => undefined as never },
  updateIdKeys: '',
};

export function createUpdateLog(records$: Observable<JournalRecord>, undo: UndoLog): UpdateLog {
  const positions = createJournalPositions(undo);
  let restored = noHistory;
  // The records after the restored history (all of them on a node that replayed its journal):
  // offsets have no gaps, so the record at offset n sits at index n - restored.end - 1.
  const records = appendOnlyArray<LedgerRecord>(undo);
  const byId = undoableMap<string, number>(undo);
  const ledgerEnd = () => restored.end + records.length;

  const fromHistory = (offset: number): LedgerRecord => {
    const record = restored.journal.at(positions.journalIndexOf(offset));
    if (!isLedgerRecord(record) || record.offset !== offset) {
      throw new Error(`the state's journal has no record of offset ${offset} where expected`);
    }
    return record;
  };
  const byOffset = (offset: number): LedgerRecord | undefined => {
    if (offset < 1 || offset > ledgerEnd()) return undefined;
    return offset <= restored.end ? fromHistory(offset) : records[offset - restored.end - 1];
  };
  const between = (beginExclusive: number, endInclusive: number): LedgerRecord[] => {
    const begin = Math.max(0, beginExclusive);
    const end = Math.min(endInclusive, ledgerEnd());
    const historic: LedgerRecord[] = [];
    for (let offset = begin + 1; offset <= Math.min(end, restored.end); offset += 1) {
      historic.push(fromHistory(offset));
    }
    const recent = records.slice(
      Math.max(0, begin - restored.end),
      Math.max(0, end - restored.end),
    );
    return historic.length === 0 ? recent : historic.concat(recent);
  };
  const historicByUpdateId = (updateId: string): LedgerRecord | undefined => {
    // Keys are short: a key's offsets are candidates, the record itself says which is it.
    for (const offset of offsetsWithIdKey(restored.updateIdKeys, idKeyOf(updateId))) {
      const record = fromHistory(offset);
      if (record.type !== 'rejection' && record.updateId === updateId) return record;
    }
    return undefined;
  };

  undo.section<SavedUpdateLog>('projections.update-log', {
    save: () => ({
      ...positions.save(),
      ledgerEnd: ledgerEnd(),
      updateIdKeys: restored.updateIdKeys + idKeysOf(records),
    }),
    restore(saved, journal) {
      positions.restore(saved);
      restored = { end: saved.ledgerEnd, journal, updateIdKeys: saved.updateIdKeys };
    },
  });

  return {
    apply(record) {
      const journalIndex = positions.journaled();
      if (!isLedgerRecord(record)) return;
      if (record.offset !== ledgerEnd() + 1) {
        throw new Error(`update log expected offset ${ledgerEnd() + 1}, got ${record.offset}`);
      }
      positions.place(record.offset, journalIndex);
      records.push(record);
      if (record.type !== 'rejection') byId.set(record.updateId, record.offset);
    },
    ledgerEnd,
    byOffset,
    journalIndexOf: positions.journalIndexOf,
    byUpdateId(updateId) {
      const offset = byId.get(updateId);
      return offset === undefined ? historicByUpdateId(updateId) : byOffset(offset);
    },
    range: between,
    follow$: (beginExclusive, endInclusive = null) =>
      defer(() => {
        const end = ledgerEnd();
        const begin = Math.max(0, beginExclusive);
        if (endInclusive !== null && endInclusive <= end) {
          return from(between(begin, Math.max(begin, endInclusive)));
        }
        // `from(array)` completes synchronously, so the live part is subscribed before any
        // further record can be published: nothing is missed between history and live.
        const live$ = records$.pipe(
          filter(isLedgerRecord),
          filter((record) => record.offset > end && record.offset > begin),
        );
        return concat(
          from(between(begin, end)),
          endInclusive === null
            ? live$
            : live$.pipe(takeWhile((record) => record.offset < endInclusive, true)),
        );
      }),
  };
}
