import { createStateSections, type StateSections } from './state-sections.ts';

/**
 * A node's undo log (issue 23): while a snapshot is kept, every change to the node's state records
 * how to take it back, so a revert undoes exactly what happened after the snapshot — time and
 * memory proportional to what changed, not to the ledger. With no snapshot kept nothing is
 * recorded; the only cost is one branch per change.
 *
 * A mark is a position in the log. Rolling back to a mark undoes the changes after it, newest
 * first, and forgets the marks taken after it; the mark itself stays, so a test loop rolls back
 * to it again and again. Releasing the oldest mark drops the entries only it still needed.
 *
 * Every state holder is handed the log as it is built, so the log is also where a holder
 * registers its state section (state-sections.ts): what a state file saves of it and restores.
 */
export type UndoLog = StateSections & {
  /** True while a mark is kept: changes must call `record`. */
  readonly recording: boolean;
  /** Remembers how to take a change back (ignored when nothing is recording). */
  record(undo: () => void): void;
  /** Sets `target[key]`, recording its previous value. */
  assign<TTarget extends object, TKey extends keyof TTarget>(
    target: TTarget,
    key: TKey,
    value: TTarget[TKey],
  ): void;
  /**
   * Runs `work` once the rollback under way has undone everything (an undo schedules it, e.g. a
   * map restoring its order); outside a rollback it runs at once.
   */
  afterRollback(work: () => void): void;
  mark(): UndoMark;
  /** Undoes everything after `mark` (newest first); later marks are released. */
  rollback(mark: UndoMark): void;
  release(mark: UndoMark): void;
  /** How many changes are kept for the open marks (for tests and benchmarks). */
  size(): number;
};

/** A point in an undo log; opaque outside it. */
export type UndoMark = { readonly position: number; readonly log: UndoLog };

export function createUndoLog(): UndoLog {
  let entries: (() => void)[] = [];
  /** Entries dropped from the front once no mark needed them: positions stay absolute. */
  let base = 0;
  const marks = new Set<UndoMark>();
  let finishing: Set<() => void> | null = null;
  /**
   * A field assigned again before the next mark (or rollback) keeps the one entry of its first
   * assignment: that holds the value a rollback needs, and a counter or an end bumped by every
   * transaction then costs one entry per snapshot, not one per transaction.
   */
  let epoch = 0;
  const assignedIn = new WeakMap<object, Map<PropertyKey, number>>();

  const own = (mark: UndoMark) => {
    if (mark.log !== log || !marks.has(mark)) {
      throw new Error('this undo mark was released or belongs to another log');
    }
  };
  const dropUnneeded = () => {
    if (marks.size === 0) {
      base += entries.length;
      entries = [];
      return;
    }
    let oldest = Number.POSITIVE_INFINITY;
    for (const mark of marks) oldest = Math.min(oldest, mark.position);
    if (oldest > base) {
      entries = entries.slice(oldest - base);
      base = oldest;
    }
  };

  const log: UndoLog = {
    ...createStateSections(),
    get recording() {
      return marks.size > 0;
    },
    record(undo) {
      if (marks.size > 0) entries.push(undo);
    },
    assign(target, key, value) {
      if (marks.size > 0) {
        let keys = assignedIn.get(target);
        if (keys === undefined) {
          keys = new Map();
          assignedIn.set(target, keys);
        }
        if (keys.get(key) !== epoch) {
          keys.set(key, epoch);
          const previous = target[key];
          entries.push(() => {
            target[key] = previous;
          });
        }
      }
      target[key] = value;
    },
    afterRollback(work) {
      if (finishing) finishing.add(work);
      else work();
    },
    mark() {
      epoch += 1;
      const mark: UndoMark = { position: base + entries.length, log };
      marks.add(mark);
      return mark;
    },
    rollback(mark) {
      own(mark);
      const keep = mark.position - base;
      // An undo may itself change tracked state; nothing records while the log unwinds.
      const unwinding = entries;
      entries = [];
      finishing = new Set();
      try {
        for (let index = unwinding.length - 1; index >= keep; index -= 1) unwinding[index]?.();
        for (const work of finishing) work();
      } finally {
        finishing = null;
        unwinding.length = keep;
        entries = unwinding;
      }
      for (const other of marks) if (other.position > mark.position) marks.delete(other);
      // The entries of this epoch's first assignments are undone: the next ones record anew.
      epoch += 1;
    },
    release(mark) {
      own(mark);
      marks.delete(mark);
      dropUnneeded();
    },
    size: () => entries.length,
  };
  return log;
}
