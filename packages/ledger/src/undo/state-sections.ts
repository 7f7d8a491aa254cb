import type { JournalRecord } from '../transaction.ts';

/**
 * The journal a state file carries (issue 23), as the holders restoring from it see it: its
 * records decoded one by one, on first use, instead of all of them before the node may start.
 */
export type JournalHistory = {
  /** How many journal records the state holds (admin records included). */
  readonly length: number;
  /** The journal record at `index` (0-based, journal order); the same object on every call. */
  at(index: number): JournalRecord;
};

/**
 * A state holder's part of a state file (issue 23): what it holds, as plain JSON, so that a node
 * loading the file puts each holder straight back rather than replaying the whole journal
 * through it. The rule each section keeps, and the tests hold it to: `save()` of a node that
 * ran the history live, of a node that replayed its journal, and of a node restored from a
 * save all give the same value. So a section saves what a restart's replay would rebuild, and
 * leaves out what only a live run has (in-flight work, caches).
 */
export type StateSection<TSaved = unknown> = {
  /**
   * The holder's state as JSON-able data (objects, arrays, strings, numbers, booleans, null;
   * no bigint, Map or undefined): the same value for the same history, whichever way the holder
   * got it.
   */
  save(): TSaved;
  /**
   * Puts `saved` into the holder, fresh from construction: before any record is published to
   * it, and instead of the journal's replay. `history` is the journal the state holds, for a
   * holder that keeps records (or points into them) rather than copies.
   */
  restore(saved: TSaved, history: JournalHistory): void;
};

/**
 * The sections of a node's state holders, by name: each holder registers its own as it is
 * built, in the order holders are built, which is the order they are restored in.
 */
export type StateSections = {
  /**
   * Registers a holder's section. Names are unique in the node: a holder built once per
   * participant or synchronizer puts that one's id in its name.
   */
  section<TSaved>(name: string, section: StateSection<TSaved>): void;
  /** The sections registered, in registration order. */
  sections(): ReadonlyMap<string, StateSection>;
};

export function createStateSections(): StateSections {
  const byName = new Map<string, StateSection>();
  return {
    section(name, section) {
      if (byName.has(name)) throw new Error(`a state section named ${name} is registered already`);
      byName.set(name, section as StateSection);
    },
    sections: () => byName,
  };
}

/** Every section's saved state, by name, as JSON would carry it. */
export function saveSections(sections: StateSections): Record<string, unknown> {
  const saved: Record<string, unknown> = {};
  for (const [name, section] of sections.sections()) {
    saved[name] = JSON.parse(JSON.stringify(section.save()));
  }
  return saved;
}

/**
 * Why `saved` cannot be restored into `sections` (a state saved by another build or another kind
 * of node: its names are not exactly the registered ones), or null when it can.
 */
export function sectionsMismatch(
  sections: StateSections,
  saved: Readonly<Record<string, unknown>>,
): string | null {
  const registered = [...sections.sections().keys()];
  const missing = registered.filter((name) => !Object.hasOwn(saved, name));
  const unknown = Object.keys(saved).filter((name) => !sections.sections().has(name));
  if (missing.length === 0 && unknown.length === 0) return null;
  return `the state's sections do not match this node's (missing: ${missing.join(', ') || 'none'}; unknown: ${unknown.join(', ') || 'none'})`;
}

/**
 * Restores every registered section from `saved`. Refuses (restoring nothing) unless `saved`
 * has exactly the registered names: a state saved by another build or another kind of node is
 * replayed instead. `partial` (tests of some holders' sections) restores the names both have.
 */
export function restoreSections(
  sections: StateSections,
  saved: Readonly<Record<string, unknown>>,
  history: JournalHistory,
  options: { readonly partial?: boolean } = {},
): void {
  const mismatch = options.partial ? null : sectionsMismatch(sections, saved);
  if (mismatch) throw new Error(mismatch);
  for (const [name, section] of sections.sections()) {
    if (Object.hasOwn(saved, name)) section.restore(saved[name], history);
  }
}

/** A history over records in memory (tests; a memory journal). */
export function historyOf(records: readonly JournalRecord[]): JournalHistory {
  return {
    length: records.length,
    at(index) {
      const record = records[index];
      if (record === undefined) throw new RangeError(`the history has no record ${index}`);
      return record;
    },
  };
}
