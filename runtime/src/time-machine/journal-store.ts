import {
  type Clock,
  createFileJournal,
  createMemoryJournal,
  type Journal,
  type JournalRecord,
  truncateFileJournal,
} from '@pocketnet/ledger';

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
  /** The records of the journal open now, in order (a state dump). */
  records(): AsyncIterable<JournalRecord>;
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
   * Appends `records` (the journal is closed), as a state file holds them; `lines`, when given,
   * are their JSON (the state file's lines), stored as they are. It may resolve before they are
   * durable (see `filled`).
   */
  fill(records: readonly JournalRecord[], lines?: readonly string[]): Promise<void>;
  /** Resolves once what `fill` appended is durable; rejects if writing it failed. */
  filled(): Promise<void>;
};

/** Appends share flushes: a state file's records are written in a few synced writes. */
async function appendEach(
  journal: Journal,
  records: readonly JournalRecord[],
  lines?: readonly string[],
): Promise<void> {
  if (lines && lines.length !== records.length) throw new Error('one line per record');
  await Promise.all(records.map((record, index) => journal.append(record, lines?.[index])));
}

async function appendAll(journal: Journal, records: readonly JournalRecord[]): Promise<void> {
  try {
    await appendEach(journal, records);
  } finally {
    await journal.close();
  }
}

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
  let held: JournalRecord[] | null = null;
  /** The journal a fill appended to, kept open for the next life (it holds the directory). */
  let handedOver: Journal | null = null;
  let written: Promise<void> = Promise.resolve();
  async function* replayed(journal: Journal, inMemory: JournalRecord[] | null) {
    const records: JournalRecord[] = [];
    const source: AsyncIterable<JournalRecord> | Iterable<JournalRecord> =
      inMemory ?? journal.replay();
    for await (const record of source) {
      position += 1;
      records.push(record);
      yield record;
    }
    held = records;
  }
  return {
    async open(): Promise<Journal> {
      const journal = handedOver ?? (await open());
      handedOver = null;
      current = journal;
      position = 0;
      const inMemory = held;
      held = null;
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
        replay: () => replayed(journal, inMemory),
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
      if (held) held.length = keep;
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
    records(): AsyncIterable<JournalRecord> {
      if (!current) throw new Error('no journal is open');
      if (!held) return current.replay();
      const records = held.slice();
      return (async function* () {
        yield* records;
      })();
    },
    async truncate(keep: number): Promise<void> {
      await cut(keep, marks.get(keep));
      // What came after the cut is gone, and so are the bytes where later points ended.
      for (const marked of marks.keys()) if (marked > keep) marks.delete(marked);
      if (held) held.length = keep;
    },
    /**
     * The records a state file filled the journal with: the first life replays them as they
     * are, on `filling.journal` when given, while the journal makes them durable.
     */
    prime(
      records: readonly JournalRecord[],
      filling?: { readonly journal: Journal; readonly durable: Promise<void> },
    ): void {
      held = [...records];
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
    async fill(records, lines) {
      // The writer thread writes them while the first life replays them from memory.
      const journal = await open();
      prime(records, { journal, durable: appendEach(journal, records, lines) });
    },
  };
}

export function memoryJournalStore(): JournalStore {
  const records: JournalRecord[] = [];
  const { prime, ...journal } = counted(
    async () => createMemoryJournal({ records }),
    async (keep) => {
      records.length = keep;
    },
  );
  return {
    ...journal,
    isEmpty: async () => records.length === 0,
    async fill(loaded) {
      await appendAll(createMemoryJournal({ records }), loaded);
      prime(loaded);
    },
  };
}

/** `base` set back (or forward) so that it reads `atMicros` now, and runs on from there. */
export function clockAt(base: Clock, atMicros: bigint): Clock {
  const offset = atMicros - base.nowMicros();
  return { kind: base.kind, nowMicros: () => base.nowMicros() + offset };
}
