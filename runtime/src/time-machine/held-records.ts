import { type JournalRecord, recordJson } from '@pocketnet/ledger';
import type { StateHistory } from './state-history.ts';

/**
 * A journal's records held in memory: a loaded state's history (its first `loaded`, decoded
 * only as they are read) and the records appended after it. A revert's rebuild replays them
 * from here, and a dump renders them, without reading the files; a loaded record nobody reads
 * is never decoded, and a dump writes its line as the file had it.
 */
export type HeldRecords = {
  readonly length: number;
  push(record: JournalRecord): void;
  /** Keeps the first `keep` records. */
  truncate(keep: number): void;
  /** The records held now, in order (later pushes are not in it). */
  records(): Iterable<JournalRecord>;
  /** The records held now as their JSON, one a string, in order. */
  lines(): Iterable<string>;
  /** The last record held, or null. */
  last(): JournalRecord | null;
};

export function createHeldRecords(
  history: StateHistory | null = null,
  appended: JournalRecord[] = [],
): HeldRecords {
  let loaded = history?.length ?? 0;
  let after = appended;
  return {
    get length() {
      return loaded + after.length;
    },
    push(record) {
      after.push(record);
    },
    truncate(keep) {
      if (keep < loaded) {
        loaded = keep;
        after = [];
      } else {
        after.length = Math.min(after.length, keep - loaded);
      }
    },
    last: () => after.at(-1) ?? (loaded > 0 ? (history as StateHistory).at(loaded - 1) : null),
    records: () => rendered(history, loaded, after.slice(), (index) => history?.at(index)),
    lines() {
      const rest = after.slice().map(recordJson);
      return rendered(history, loaded, rest, (index) => history?.json(index));
    },
  };
}

/** The first `count` of `history`, each as `each` gives it, then `rest`: taken as it is now. */
function* rendered<T>(
  history: StateHistory | null,
  count: number,
  rest: readonly T[],
  each: (index: number) => T | undefined,
): Generator<T> {
  if (count > 0 && !history) throw new Error('no history is held');
  for (let index = 0; index < count; index += 1) yield each(index) as T;
  yield* rest;
}
