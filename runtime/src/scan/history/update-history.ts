import {
  type ReassignmentRecord,
  type TransactionRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import { decodeDeltas, decodeRuns, encodeDeltas, encodeRuns } from './number-encodings.ts';
import { lastAtOrBefore, type Micros, recordTimeMicros } from './scan-time.ts';

/** What Scan's history holds: transactions and contract reassignments (issue 10). */
export type HistoryRecord = TransactionRecord | ReassignmentRecord;

/**
 * The hash an external party signed, for a transaction submitted interactively (read without
 * relying on the field, which older records lack).
 */
export const externalHashOf = (record: TransactionRecord): string | null =>
  (record as { external?: { transactionHash?: string } }).external?.transactionHash ?? null;

/** One update of the network's history as Scan serves it. */
export type HistoryItem = {
  readonly record: HistoryRecord;
  readonly migrationId: number;
  /** Unique and increasing within a migration (see `append`). */
  readonly recordTimeMicros: Micros;
};

/** Where a page starts: after this (migration id, record time), exclusive. */
export type HistoryCursor = { readonly migrationId: number; readonly recordTimeMicros: Micros };

export type RecordTimeRange = { readonly min: Micros; readonly max: Micros };

/**
 * The updates of one migration id, in record-time order, in two parallel arrays: each one's
 * offset (its record is the update log's) and its Scan record time.
 */
type Segment = {
  readonly migrationId: number;
  readonly offsets: number[];
  readonly times: number[];
  readonly ranges: Map<string, RecordTimeRange>;
};

/**
 * The history's state section: per migration id, its offsets (as runs), its record times (as
 * differences) and its ranges; two small numbers an update, no record.
 */
type SavedUpdateHistory = {
  readonly current: number;
  readonly segments: readonly {
    readonly migrationId: number;
    readonly offsetRuns: readonly number[];
    readonly timeDeltas: readonly number[];
    readonly ranges: readonly (readonly [string, number, number])[];
  }[];
};

type SavedSegment = SavedUpdateHistory['segments'][number];

const savedSegment = (segment: Segment): SavedSegment => ({
  migrationId: segment.migrationId,
  offsetRuns: encodeRuns(segment.offsets),
  timeDeltas: encodeDeltas(segment.times),
  ranges: [...segment.ranges].map(([id, range]) => [id, range.min, range.max] as const),
});

/**
 * A saved segment, its arrays decoded on first use: a load restores a history of 100k updates
 * without expanding 200k numbers before the node may start.
 */
function restoredSegment(saved: SavedSegment, undo: UndoLog): Segment {
  let decoded: { readonly offsets: number[]; readonly times: number[] } | null = null;
  const arrays = () => {
    decoded ??= { offsets: decodeRuns(saved.offsetRuns), times: decodeDeltas(saved.timeDeltas) };
    return decoded;
  };
  return {
    migrationId: saved.migrationId,
    get offsets() {
      return arrays().offsets;
    },
    get times() {
      return arrays().times;
    },
    ranges: undoableMap(undo, {
      entries: saved.ranges.map(([id, min, max]) => [id, { min, max }] as const),
    }),
  };
}

export type UpdateHistory = ReturnType<typeof createUpdateHistory>;

function indexOfOffset(segment: Segment, offset: number): number {
  let low = 0;
  let high = segment.offsets.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = segment.offsets[middle] ?? 0;
    if (at === offset) return middle;
    if (at < offset) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * Every transaction of the synchronizer, by migration id and record time: what `/v2/updates`
 * pages through. Paging is a binary search and a slice, so the last page of a long history
 * costs what the first does.
 */
export function createUpdateHistory(deps: {
  readonly initialMigrationId: number;
  readonly undo: UndoLog;
  /** The transaction or reassignment at `offset` (the update log's). */
  readonly recordAt: (offset: number) => HistoryRecord | undefined;
}) {
  const { undo } = deps;
  const segments: Segment[] = [];
  const itemAt = (segment: Segment, index: number): HistoryItem | undefined => {
    const offset = segment.offsets[index];
    const time = segment.times[index];
    const record = offset === undefined ? undefined : deps.recordAt(offset);
    if (record === undefined || time === undefined) return undefined;
    return { record, migrationId: segment.migrationId, recordTimeMicros: time };
  };
  const segmentOf = (migrationId: number): Segment => {
    const found = segments.find((segment) => segment.migrationId === migrationId);
    if (found) return found;
    const created: Segment = {
      migrationId,
      // Grown together: `append` records one undo for both.
      offsets: [],
      times: [],
      ranges: undoableMap(undo),
    };
    const before = [...segments];
    undo.record(() => segments.splice(0, segments.length, ...before));
    segments.push(created);
    segments.sort((a, b) => a.migrationId - b.migrationId);
    return created;
  };
  const state = { current: segmentOf(deps.initialMigrationId) };
  undo.section<SavedUpdateHistory>('scan.history.updates', {
    save: () => ({
      current: state.current.migrationId,
      segments: segments.map(savedSegment),
    }),
    restore(saved) {
      segments.splice(0, segments.length, ...saved.segments.map((s) => restoredSegment(s, undo)));
      state.current = segmentOf(saved.current);
    },
  });
  return {
    currentMigrationId: () => state.current.migrationId,
    /** Updates from now on belong to `migrationId` (a synchronizer migration took place). */
    startMigration(migrationId: number): void {
      undo.assign(state, 'current', segmentOf(migrationId));
    },
    /**
     * Appends a committed transaction and returns its Scan record time: the ledger's, moved
     * forward by the least needed to stay unique and increasing within the migration (as a
     * sequencer's are) and after `floor` (the newest ACS snapshot already taken).
     */
    append(record: HistoryRecord, floor: Micros): Micros {
      const { current } = state;
      const previous = current.times.at(-1) ?? Number.NEGATIVE_INFINITY;
      const time = Math.max(recordTimeMicros(record.recordTime), previous + 1, floor + 1);
      if (undo.recording) {
        const { length } = current.offsets;
        undo.record(() => {
          current.offsets.length = length;
          current.times.length = length;
        });
      }
      current.offsets.push(record.offset);
      current.times.push(time);
      const range = current.ranges.get(record.synchronizerId);
      current.ranges.set(record.synchronizerId, { min: range?.min ?? time, max: time });
      return time;
    },
    /** Up to `limit` updates after `after` (from the beginning when null), in order. */
    page(after: HistoryCursor | null, limit: number): HistoryItem[] {
      const items: HistoryItem[] = [];
      for (const segment of segments) {
        if (after !== null && segment.migrationId < after.migrationId) continue;
        const start =
          after !== null && segment.migrationId === after.migrationId
            ? lastAtOrBefore(segment.times, after.recordTimeMicros) + 1
            : 0;
        const end = Math.min(segment.offsets.length, start + limit - items.length);
        for (let index = start; index < end; index++) {
          const item = itemAt(segment, index);
          if (item) items.push(item);
        }
        if (items.length >= limit) break;
      }
      return items;
    },
    /** The history item of a transaction record, if it is in the history. */
    itemOf(record: HistoryRecord): HistoryItem | undefined {
      for (const segment of segments) {
        const index = indexOfOffset(segment, record.offset);
        if (index >= 0) return itemAt(segment, index);
      }
      return undefined;
    },
    /** Newest first: updates of one synchronizer in `[atOrAfter, before)`, at most `count`. */
    before(query: {
      migrationId: number;
      synchronizerId: string;
      before: Micros;
      atOrAfter: Micros | null;
      count: number;
    }): HistoryItem[] {
      const segment = segments.find((candidate) => candidate.migrationId === query.migrationId);
      if (!segment) return [];
      const items: HistoryItem[] = [];
      const floor = query.atOrAfter ?? Number.NEGATIVE_INFINITY;
      for (let index = lastAtOrBefore(segment.times, query.before - 1); index >= 0; index--) {
        const item = itemAt(segment, index);
        if (!item || item.recordTimeMicros < floor || items.length >= query.count) break;
        if (item.record.synchronizerId === query.synchronizerId) items.push(item);
      }
      return items;
    },
    /** Number of updates of `migrationId` with a record time at or before `time`. */
    countAtOrBefore(migrationId: number, time: Micros): number {
      const segment = segments.find((candidate) => candidate.migrationId === migrationId);
      return segment ? lastAtOrBefore(segment.times, time) + 1 : 0;
    },
    /** The updates of `migrationId` at positions `from` (inclusive) to `to` (exclusive). */
    slice(migrationId: number, from: number, to: number): HistoryItem[] {
      const segment = segments.find((candidate) => candidate.migrationId === migrationId);
      if (!segment) return [];
      const items: HistoryItem[] = [];
      for (let index = from; index < Math.min(to, segment.offsets.length); index++) {
        const item = itemAt(segment, index);
        if (item) items.push(item);
      }
      return items;
    },
    latest: (): HistoryItem | undefined => itemAt(state.current, state.current.offsets.length - 1),
    migrationIds: (): number[] => segments.map((segment) => segment.migrationId),
    /** Record time range per synchronizer of a migration id; undefined for an unknown one. */
    rangesOf(migrationId: number): ReadonlyMap<string, RecordTimeRange> | undefined {
      return segments.find((segment) => segment.migrationId === migrationId)?.ranges;
    },
    size: (): number => segments.reduce((total, segment) => total + segment.offsets.length, 0),
  };
}
