import {
  appendOnlyArray,
  type JournalRecord,
  type LedgerRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import { concat, defer, filter, from, type Observable, takeWhile } from 'rxjs';

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
};

export function createUpdateLog(records$: Observable<JournalRecord>, undo: UndoLog): UpdateLog {
  // Offsets start at 1 and have no gaps, so the record at offset n sits at index n - 1.
  const records = appendOnlyArray<LedgerRecord>(undo);
  const byId = undoableMap<string, number>(undo);
  const isLedgerRecord = (record: JournalRecord): record is LedgerRecord => record.type !== 'admin';

  const log: UpdateLog = {
    apply(record) {
      if (!isLedgerRecord(record)) return;
      if (record.offset !== records.length + 1) {
        throw new Error(`update log expected offset ${records.length + 1}, got ${record.offset}`);
      }
      records.push(record);
      if (record.type !== 'rejection') byId.set(record.updateId, record.offset);
    },
    ledgerEnd: () => records.length,
    byOffset: (offset) => (offset >= 1 ? records[offset - 1] : undefined),
    byUpdateId(updateId) {
      const offset = byId.get(updateId);
      return offset === undefined ? undefined : records[offset - 1];
    },
    range: (beginExclusive, endInclusive) =>
      records.slice(Math.max(0, beginExclusive), Math.max(0, endInclusive)),
    follow$: (beginExclusive, endInclusive = null) =>
      defer(() => {
        const end = records.length;
        const begin = Math.max(0, beginExclusive);
        if (endInclusive !== null && endInclusive <= end) {
          return from(records.slice(begin, Math.max(begin, endInclusive)));
        }
        // `from(array)` completes synchronously, so the live part is subscribed before any
        // further record can be published: nothing is missed between history and live.
        const live$ = records$.pipe(
          filter(isLedgerRecord),
          filter((record) => record.offset > end && record.offset > begin),
        );
        return concat(
          from(records.slice(begin, end)),
          endInclusive === null
            ? live$
            : live$.pipe(takeWhile((record) => record.offset < endInclusive, true)),
        );
      }),
  };
  return log;
}
