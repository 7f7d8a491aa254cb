import { fc, test } from '@fast-check/vitest';
import {
  createUndoLog,
  formatTime,
  historyOf,
  saveSections,
  type TransactionRecord,
} from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createUpdateHistory, type HistoryItem } from './update-history.ts';

const base = 1_767_225_600_000_000;

let offset = 0;
// The update log the histories read their records from.
const byOffset = new Map<number, TransactionRecord>();
const newHistory = (undo = createUndoLog()) =>
  createUpdateHistory({
    initialMigrationId: 0,
    undo,
    recordAt: (at) => byOffset.get(at),
  });

function transaction(recordMicros: number, synchronizerId = 'sync::1'): TransactionRecord {
  offset += 1;
  const record: TransactionRecord = {
    type: 'transaction',
    offset,
    updateId: `update-${offset}`,
    synchronizerId,
    effectiveAt: formatTime(BigInt(recordMicros)),
    recordTime: formatTime(BigInt(recordMicros)),
    workflowId: '',
    submission: null,
    nodes: [],
    rootNodeIds: [],
  };
  byOffset.set(offset, record);
  return record;
}

const walk = (history: ReturnType<typeof createUpdateHistory>, pageSize: number) => {
  const seen: HistoryItem[] = [];
  for (;;) {
    const last = seen.at(-1);
    const page = history.page(
      last ? { migrationId: last.migrationId, recordTimeMicros: last.recordTimeMicros } : null,
      pageSize,
    );
    seen.push(...page);
    if (page.length < pageSize) return seen;
  }
};

describe('the update history of Scan', () => {
  it('gives transactions that share a record time times a microsecond apart', () => {
    const history = newHistory();
    const times = [base, base, base, base + 1, base + 10].map((time) =>
      history.append(transaction(time), Number.NEGATIVE_INFINITY),
    );
    expect(times).toEqual([base, base + 1, base + 2, base + 3, base + 10]);
  });

  it('gives a transaction a time after the newest snapshot already taken', () => {
    const history = newHistory();
    expect(history.append(transaction(base), base + 500)).toBe(base + 501);
    expect(history.append(transaction(base + 1000), base + 500)).toBe(base + 1000);
  });

  test.prop(
    [
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 60 }),
      fc.integer({ min: 1, max: 12 }),
    ],
    { numRuns: 100 },
  )('pages of any size concatenate to the whole history once each', (gaps, pageSize) => {
    const history = newHistory();
    let time = base;
    const records = gaps.map((gap) => {
      time += gap;
      const record = transaction(time);
      history.append(record, Number.NEGATIVE_INFINITY);
      return record;
    });
    const seen = walk(history, pageSize);
    expect(seen.map((item) => item.record)).toEqual(records);
    const times = seen.map((item) => item.recordTimeMicros);
    expect(times.every((value, index) => index === 0 || value > (times[index - 1] ?? 0))).toBe(
      true,
    );
    for (const item of seen) expect(history.itemOf(item.record)).toEqual(item);
  });

  it('reads backwards from a time, for one synchronizer, within a lower bound', () => {
    const history = newHistory();
    const items = [0, 10, 20, 30, 40].map((gap, index) =>
      transaction(base + gap, index === 2 ? 'sync::2' : 'sync::1'),
    );
    for (const record of items) history.append(record, Number.NEGATIVE_INFINITY);
    const before = history.before({
      migrationId: 0,
      synchronizerId: 'sync::1',
      before: base + 40,
      atOrAfter: base + 10,
      count: 10,
    });
    expect(before.map((item) => item.record)).toEqual([items[3], items[1]]);
    expect(history.countAtOrBefore(0, base + 20)).toBe(3);
    expect(history.rangesOf(0)?.get('sync::2')).toEqual({ min: base + 20, max: base + 20 });
    expect(history.rangesOf(1)).toBeUndefined();
  });

  it('orders later migrations after earlier ones, whatever their record times', () => {
    const history = newHistory();
    const first = transaction(base + 100);
    history.append(first, Number.NEGATIVE_INFINITY);
    history.startMigration(1);
    const second = transaction(base);
    history.append(second, Number.NEGATIVE_INFINITY);
    expect(walk(history, 1).map((item) => [item.migrationId, item.record])).toEqual([
      [0, first],
      [1, second],
    ]);
    expect(history.page({ migrationId: 0, recordTimeMicros: base + 100 }, 5)[0]?.record).toBe(
      second,
    );
  });

  it('restores from its saved section to a history that pages and saves the same', () => {
    const undo = createUndoLog();
    const history = newHistory(undo);
    const gaps = [0, 0, 5, 1, 0, 300, 2];
    let time = base;
    for (const [index, gap] of gaps.entries()) {
      time += gap;
      history.append(transaction(time, index === 3 ? 'sync::2' : 'sync::1'), base + 2);
      if (index === 4) history.startMigration(1);
    }
    const saved = saveSections(undo);
    const restoredUndo = createUndoLog();
    const restored = newHistory(restoredUndo);
    const [section] = restoredUndo.sections().values();
    section?.restore(saved['scan.history.updates'], historyOf([]));
    expect(saveSections(restoredUndo)).toEqual(saved);
    expect(walk(restored, 2)).toEqual(walk(history, 2));
    expect(restored.currentMigrationId()).toBe(1);
    expect(restored.rangesOf(0)).toEqual(history.rangesOf(0));
    expect(restored.latest()).toEqual(history.latest());
    // It goes on where the saved one left off: later updates after its newest record time.
    const next = transaction(time);
    expect(restored.append(next, base + 2)).toBe(history.append(next, base + 2));
    expect(walk(restored, 3)).toEqual(walk(history, 3));
    // A rollback takes back what came after the mark, on a restored history as on any.
    const atMark = saveSections(restoredUndo);
    const mark = restoredUndo.mark();
    restored.startMigration(2);
    restored.append(transaction(time + 7), base + 2);
    restoredUndo.rollback(mark);
    restoredUndo.release(mark);
    expect(saveSections(restoredUndo)).toEqual(atMark);
  });

  it('takes back, on a restored history not read yet, what came after a mark', () => {
    const undo = createUndoLog();
    const history = newHistory(undo);
    for (const gap of [0, 0, 40]) history.append(transaction(base + gap), base);
    const saved = saveSections(undo);
    const restoredUndo = createUndoLog();
    const restored = newHistory(restoredUndo);
    const [section] = restoredUndo.sections().values();
    section?.restore(saved['scan.history.updates'], historyOf([]));
    const mark = restoredUndo.mark();
    restored.append(transaction(base + 50), base);
    restoredUndo.rollback(mark);
    restoredUndo.release(mark);
    expect(saveSections(restoredUndo)).toEqual(saved);
  });
});
