import { describe, expect, it } from 'vitest';
import { historyOf, restoreSections, saveSections } from './state-sections.ts';
import { createUndoLog } from './undo-log.ts';
import { undoableMap } from './undoable-collections.ts';

/** A holder as the node's are built: its state in the log's collections, its section registered. */
function counterHolder(log: ReturnType<typeof createUndoLog>, name = 'counts') {
  const counts = undoableMap<string, number>(log);
  log.section<[string, number][]>(name, {
    save: () => [...counts],
    restore(saved) {
      for (const [key, value] of saved) counts.set(key, value);
    },
  });
  return counts;
}

describe('state sections', () => {
  it('saves each holder as JSON and restores a fresh one to the same state', () => {
    const live = createUndoLog();
    const counts = counterHolder(live);
    counts.set('a', 1).set('b', 2);
    const saved = JSON.parse(JSON.stringify(saveSections(live)));
    const fresh = createUndoLog();
    const restored = counterHolder(fresh);
    restoreSections(fresh, saved, historyOf([]));
    expect([...restored]).toEqual([...counts]);
    expect(saveSections(fresh)).toEqual(saved);
  });

  it('refuses a name twice, and a save whose names differ from the node’s, restoring nothing', () => {
    const log = createUndoLog();
    const counts = counterHolder(log);
    expect(() => counterHolder(log)).toThrow(/registered already/);
    expect(() => restoreSections(log, { counts: [['a', 1]], other: [] }, historyOf([]))).toThrow(
      /unknown: other/,
    );
    expect(() => restoreSections(log, {}, historyOf([]))).toThrow(/missing: counts/);
    expect(counts.size).toBe(0);
  });

  it('serves a history’s records by index and refuses one it does not hold', () => {
    const history = historyOf([{ type: 'admin' } as never]);
    expect(history.length).toBe(1);
    expect(history.at(0)).toEqual({ type: 'admin' });
    expect(() => history.at(1)).toThrow(RangeError);
  });
});
