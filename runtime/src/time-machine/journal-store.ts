import {
  type Clock,
  createFileJournal,
  type Journal,
  type JournalRecord,
  recordJson,
  truncateFileJournal,
} from '@pocketnet/ledger';
import { createHeldRecords, type HeldRecords } from './held-records.ts';
import type { StateHistory } from './state-history.ts';

/**
 * Where an embedded node's journal lives across its lives (a revert starts a new one): opened by
 * each life, cut back by a revert while no life has it open, filled by `--load-state`.
 */
export type JournalStore = {
  /** The journal, for a life to run on (one life at a time). */
  open(): Promise<Journal>;
  /** How many records the journal open now holds: replayed, and appended since. */
  position(): number;
  /**
   * The position now, remembered as a point a revert may go back to: a file journal is then cut
   * at the byte where it ends, without reading the records before it.
   */
  mark(): number;
  /**
   * The records of the journal open now as their JSON, in order (a state dump): taken now, read
   * later (a loaded record's line is the file's, never decoded for this).
   */
  lines(): Promise<{
    readonly count: number;
    readonly lines: Iterable<string>;
    /** The last record (null: none), decoded. */
    readonly last: JournalRecord | null;
  }>;
  /** Keeps the first `keep` records (the journal is closed); fastest at a `mark`ed position. */
  truncate(keep: number): Promise<void>;
  /**
   * Resolves once every append made so far has settled (durable, or failed), and those made
   * meanwhile too: the journal is idle.
   */
  settled(): Promise<void>;
  /**
   * Cuts the open journal back to its first `keep` records, for a revert made in place: the
   * count is `keep` at once, and appends made while the files are cut wait and follow the cut,
   * in order. The journal must be idle (`settled`) when it is called.
   */
  cutOpen(keep: number): Promise<void>;
  /** Whether it holds no record yet (`--load-state` fills only an empty journal). */
  isEmpty(): Promise<boolean>;
  /**
   * Appends a state file's records (the journal is closed), their lines stored as they are
   * and decoded only as the first life reads them. It may resolve before they are durable
   * (see `filled`); the first life's journal counts them as replayed, read or not.
   */
  fill(history: StateHistory): Promise<void>;
  /** Resolves once what `fill` appended is durable; rejects if writing it failed. */
  filled(): Promise<void>;
};

/**
 * Counts what the open journal holds: each record as it is replayed, and each append as it is
 * made (a snapshot taken while a commit is in flight keeps it: it will be durable, or the
 * writer fails). It also holds the records themselves (the objects the node's projections hold
 * anyway), so that the next life after a revert replays them from memory rather than reading
 * and decoding the files again; an append that fails drops them, and the files are read.
 */
function counted(
  /** Opens the journal; `afterCut` when this store has just closed it and cut it itself. */
  open: (afterCut?: boolean) => Promise<Journal>,
  cut: (keep: number, byteLength: number | undefined) => Promise<void>,
) {
  let current: Journal | null = null;
  let position = 0;
  /** The last append made, settled or not: appends settle in order. */
  let lastAppend: Promise<unknown> = Promise.resolve();
  /** While an open journal is cut: appends wait for it, then go to the journal reopened. */
  let cutting: Promise<void> | null = null;
  /** Where the journal's bytes end at each marked position (a file journal's). */
  const marks = new Map<number, number>();
  let held: HeldRecords | null = null;
  /** The journal a fill appended to, kept open for the next life (it holds the directory). */
  let handedOver: Journal | null = null;
  let written: Promise<void> = Promise.resolve();
  /** A replay of the files: counts and holds each record as it comes. */
  async function* replayedFiles(journal: Journal) {
    const records: JournalRecord[] = [];
    for await (const record of journal.replay()) {
      position += 1;
      records.push(record);
      yield record;
    }
    held = createHeldRecords(null, records);
  }
  return {
    async open(): Promise<Journal> {
      const journal = handedOver ?? (await open());
      handedOver = null;
      current = journal;
      // Records held in memory are the journal's already, replayed or not: a life restored
      // from a state file's sections (issue 23) never replays them, yet the journal holds them.
      const inMemory = held;
      position = inMemory?.length ?? 0;
      const append = (record: JournalRecord, json?: string) =>
        (current ?? journal).append(record, json).catch((error: unknown) => {
          held = null;
          throw error;
        });
      return {
        append(record, json) {
          position += 1;
          held?.push(record);
          const appended = cutting
            ? cutting.then(() => append(record, json))
            : append(record, json);
          lastAppend = appended;
          return appended;
        },
        replay: () => (inMemory ? toAsync(inMemory.records()) : replayedFiles(journal)),
        // A cut while open swaps the journal under this one: the one open now is closed.
        close: () => (current ?? journal).close(),
      };
    },
    async settled(): Promise<void> {
      for (let seen = null; seen !== lastAppend; ) {
        seen = lastAppend;
        await seen.catch(() => {});
      }
      // The engine publishes a durable record in the callback it chained first: it has run.
      await new Promise<void>((done) => setImmediate(done));
    },
    cutOpen(keep: number): Promise<void> {
      const open_ = current;
      if (!open_) throw new Error('no journal is open');
      if (keep > position) throw new Error(`the journal holds ${position} records, not ${keep}`);
      const byteLength = marks.get(keep);
      position = keep;
      held?.truncate(keep);
      for (const marked of marks.keys()) if (marked > keep) marks.delete(marked);
      const done = (async () => {
        await open_.close();
        await cut(keep, byteLength);
        current = await open(true);
      })();
      const gate: Promise<void> = done.finally(() => {
        if (cutting === gate) cutting = null;
      });
      cutting = gate;
      return gate;
    },
    position: () => position,
    mark(): number {
      const byteLength = current?.byteLength?.();
      if (byteLength !== undefined) marks.set(position, byteLength);
      return position;
    },
    async lines() {
      if (!current) throw new Error('no journal is open');
      if (held) return { count: held.length, lines: held.lines(), last: held.last() };
      const lines: string[] = [];
      let last: JournalRecord | null = null;
      for await (const record of current.replay()) {
        lines.push(recordJson(record));
        last = record;
      }
      return { count: lines.length, lines, last };
    },
    async truncate(keep: number): Promise<void> {
      await cut(keep, marks.get(keep));
      // What came after the cut is gone, and so are the bytes where later points ended.
      for (const marked of marks.keys()) if (marked > keep) marks.delete(marked);
      held?.truncate(keep);
    },
    /**
     * The records a state file filled the journal with: the first life takes them as they
     * are, on `filling.journal` when given, while the journal makes them durable.
     */
    prime(
      history: StateHistory,
      filling?: { readonly journal: Journal; readonly durable: Promise<void> },
    ): void {
      held = createHeldRecords(history);
      if (!filling) return;
      handedOver = filling.journal;
      written = filling.durable;
      // Awaited by `filled`; a failure meanwhile is not an unhandled rejection.
      written.catch(() => {});
    },
    filled: () => written,
  };
}

export function fileJournalStore(dir: string): JournalStore {
  const open = (afterCut = false) => createFileJournal({ dir, tailIsWhole: afterCut });
  const { prime, ...journal } = counted(open, (keep, byteLength) =>
    truncateFileJournal(dir, keep, byteLength),
  );
  return {
    ...journal,
    async isEmpty() {
      const journal = await open();
      try {
        for await (const _record of journal.replay()) return false;
        return true;
      } finally {
        await journal.close();
      }
    },
    async fill(history) {
      // The writer thread frames and writes the file's lines while the first life runs.
      const journal = await createFileJournal({ dir, fill: history.fill });
      prime(history, { journal, durable: journal.filled() });
    },
  };
}

/**
 * The memory journal of `--ephemeral`: its storage is records held as `counted` holds them, so
 * that a state file's records stay lines until they are read.
 */
export function memoryJournalStore(): JournalStore {
  let stored = createHeldRecords();
  const openStored = async (): Promise<Journal> => {
    let closed = false;
    return {
      append(record) {
        if (closed) return Promise.reject(new Error('the journal is closed'));
        stored.push(record);
        return Promise.resolve();
      },
      // Only what was appended before the replay began, as a file backend reads.
      replay: () => toAsync(stored.records()),
      close() {
        closed = true;
        return Promise.resolve();
      },
    };
  };
  const { prime, ...journal } = counted(openStored, async (keep) => stored.truncate(keep));
  return {
    ...journal,
    isEmpty: async () => stored.length === 0,
    async fill(history) {
      stored = createHeldRecords(history);
      prime(history);
    },
  };
}

async function* toAsync<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

/** `base` set back (or forward) so that it reads `atMicros` now, and runs on from there. */
export function clockAt(base: Clock, atMicros: bigint): Clock {
  const offset = atMicros - base.nowMicros();
  return { kind: base.kind, nowMicros: () => base.nowMicros() + offset };
}
