import type { Journal } from '../journal.ts';
import type { JournalRecord } from '../transaction.ts';

export type MemoryJournalOptions = {
  /**
   * Where the records live. Passing the same array to a second journal after closing the first
   * reopens the same "storage", as a restart would with a file journal.
   */
  readonly records?: JournalRecord[];
};

/** A journal that keeps records in memory only (`--ephemeral`, tests): durable at once. */
export function createMemoryJournal(options: MemoryJournalOptions = {}): Journal {
  const records = options.records ?? [];
  let closed = false;
  return {
    append(record) {
      if (closed) return Promise.reject(new Error('the journal is closed'));
      records.push(record);
      return Promise.resolve();
    },
    replay() {
      // Only what was appended before the replay began, as a file backend reads.
      const snapshot = records.slice();
      return (async function* () {
        yield* snapshot;
      })();
    },
    close() {
      closed = true;
      return Promise.resolve();
    },
  };
}
