import type { UndoLog } from './undo-log.ts';

/**
 * Real `Map`s, `Set`s and arrays whose changes go into an undo log, so a state holder swaps
 * `new Map()` for `undoableMap(log)` and keeps its code. Mutators are the instance's own (the
 * prototype's stay untouched); reads cost what a plain collection's cost.
 *
 * A key deleted after the mark comes back at the end of the iteration order. A holder whose
 * readers rely on insertion order passes `order`, and the map sorts itself once after a
 * rollback that brought a deleted key back.
 */
export function undoableMap<TKey, TValue>(
  log: UndoLog,
  options: {
    readonly entries?: Iterable<readonly [TKey, TValue]>;
    readonly order?: (left: [TKey, TValue], right: [TKey, TValue]) => number;
  } = {},
): Map<TKey, TValue> {
  const map = new Map<TKey, TValue>(options.entries);
  const set = Map.prototype.set;
  const remove = Map.prototype.delete;
  const { order } = options;
  const reorder = order
    ? () => {
        const sorted = [...map].sort(order);
        Map.prototype.clear.call(map);
        for (const [key, value] of sorted) set.call(map, key, value);
      }
    : null;
  const restore = (key: TKey, previous: TValue) => {
    set.call(map, key, previous);
    if (reorder) log.afterRollback(reorder);
  };
  defineOwn(map, 'set', (key, value) => {
    if (log.recording) {
      if (map.has(key)) {
        const previous = map.get(key) as TValue;
        log.record(() => set.call(map, key, previous));
      } else {
        log.record(() => remove.call(map, key));
      }
    }
    return set.call(map, key, value);
  });
  defineOwn(map, 'delete', (key) => {
    if (log.recording && map.has(key)) {
      const previous = map.get(key) as TValue;
      log.record(() => restore(key, previous));
    }
    return remove.call(map, key);
  });
  defineOwn(map, 'clear', () => {
    if (log.recording && map.size > 0) {
      const previous = [...map];
      log.record(() => {
        for (const [key, value] of previous) restore(key, value);
      });
    }
    Map.prototype.clear.call(map);
  });
  return map;
}

export function undoableSet<TValue>(log: UndoLog, values?: Iterable<TValue>): Set<TValue> {
  const target = new Set<TValue>(values);
  const add = Set.prototype.add;
  const remove = Set.prototype.delete;
  defineOwn(target, 'add', (value) => {
    if (log.recording && !target.has(value)) log.record(() => remove.call(target, value));
    return add.call(target, value);
  });
  defineOwn(target, 'delete', (value) => {
    if (log.recording && target.has(value)) log.record(() => add.call(target, value));
    return remove.call(target, value);
  });
  defineOwn(target, 'clear', () => {
    if (log.recording && target.size > 0) {
      const previous = [...target];
      log.record(() => {
        for (const value of previous) add.call(target, value);
      });
    }
    Set.prototype.clear.call(target);
  });
  return target;
}

/**
 * An array that only grows at its end (a history, a log of updates): `push` records the length
 * before it, so undoing is one truncation. Other mutators are not tracked: a holder that needs
 * them records its own undo.
 */
export function appendOnlyArray<TValue>(log: UndoLog, values: readonly TValue[] = []): TValue[] {
  const array = [...values];
  const push = Array.prototype.push;
  defineOwn(array, 'push', (...items: TValue[]) => {
    if (log.recording) {
      const length = array.length;
      log.record(() => {
        array.length = length;
      });
    }
    return push.apply(array, items);
  });
  return array;
}

/** Not enumerable, so the collection still compares, spreads and prints as a plain one. */
function defineOwn<TTarget extends object, TName extends keyof TTarget>(
  target: TTarget,
  name: TName,
  value: TTarget[TName],
): void {
  Object.defineProperty(target, name, { value, writable: true, configurable: true });
}
