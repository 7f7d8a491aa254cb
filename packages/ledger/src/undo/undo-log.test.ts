import { describe, expect, it } from 'vitest';
import { createUndoLog } from './undo-log.ts';
import { appendOnlyArray, undoableMap, undoableSet } from './undoable-collections.ts';

describe('undo log', () => {
  it('records nothing while no mark is kept', () => {
    const log = createUndoLog();
    const map = undoableMap<string, number>(log);
    map.set('a', 1);
    map.delete('a');
    expect(log.recording).toBe(false);
    expect(log.size()).toBe(0);
  });

  it('rolls a map, a set, an array and a field back to a mark, again and again', () => {
    const log = createUndoLog();
    const map = undoableMap<string, number>(log, { entries: [['kept', 1]] });
    const set = undoableSet<string>(log, ['kept']);
    const history = appendOnlyArray<string>(log, ['first']);
    const state = { end: 1 };
    const mark = log.mark();
    for (let round = 0; round < 3; round += 1) {
      map.set('kept', 2);
      map.set('new', 3);
      map.delete('kept');
      set.add('new');
      set.delete('kept');
      history.push('second', 'third');
      log.assign(state, 'end', 3);
      map.clear();
      log.rollback(mark);
      expect([...map]).toEqual([['kept', 1]]);
      expect([...set]).toEqual(['kept']);
      expect(history).toEqual(['first']);
      expect(state.end).toBe(1);
      expect(log.size()).toBe(0);
    }
  });

  it('forgets marks after the one rolled back to, and keeps only what open marks need', () => {
    const log = createUndoLog();
    const map = undoableMap<string, number>(log);
    const first = log.mark();
    map.set('a', 1);
    const second = log.mark();
    map.set('b', 2);
    log.rollback(first);
    expect(() => log.rollback(second)).toThrow(/released/);
    expect(map.size).toBe(0);
    map.set('c', 3);
    const third = log.mark();
    map.set('d', 4);
    log.release(first);
    expect(log.size()).toBe(1);
    log.rollback(third);
    expect([...map.keys()]).toEqual(['c']);
    log.release(third);
    expect(log.recording).toBe(false);
    expect(log.size()).toBe(0);
  });

  it('does not record the changes an undo makes while unwinding', () => {
    const log = createUndoLog();
    const map = undoableMap<string, number>(log);
    const mark = log.mark();
    map.set('a', 1);
    log.record(() => map.set('undone', 0));
    log.rollback(mark);
    expect([...map]).toEqual([['undone', 0]]);
    expect(log.size()).toBe(0);
    log.rollback(mark);
    expect([...map]).toEqual([['undone', 0]]);
  });

  it('brings deleted keys back in order when the holder asks for it', () => {
    const log = createUndoLog();
    const plain = undoableMap<number, string>(log, {
      entries: [
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ],
    });
    const ordered = undoableMap<number, string>(log, {
      entries: [
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ],
      order: ([left], [right]) => left - right,
    });
    const mark = log.mark();
    for (const map of [plain, ordered]) {
      map.delete(1);
      map.delete(2);
      map.set(4, 'd');
    }
    log.rollback(mark);
    expect([...plain.keys()]).toEqual([3, 2, 1]);
    expect([...ordered.keys()]).toEqual([1, 2, 3]);
  });

  it('keeps one entry per field between marks, and still rolls back to each mark', () => {
    const log = createUndoLog();
    const state = { end: 0 };
    const first = log.mark();
    for (let end = 1; end <= 100; end += 1) log.assign(state, 'end', end);
    expect(log.size()).toBe(1);
    const second = log.mark();
    log.assign(state, 'end', 101);
    log.assign(state, 'end', 102);
    expect(log.size()).toBe(2);
    log.rollback(second);
    expect(state.end).toBe(100);
    // After a rollback the field records again: rolling back to the same mark works twice.
    log.assign(state, 'end', 200);
    log.assign(state, 'end', 201);
    log.rollback(second);
    expect(state.end).toBe(100);
    log.assign(state, 'end', 300);
    log.rollback(first);
    expect(state.end).toBe(0);
  });

  it('refuses a mark of another log', () => {
    const mark = createUndoLog().mark();
    expect(() => createUndoLog().rollback(mark)).toThrow(/another log/);
  });
});
