import type { TransactionRecord, UndoLog } from '@pocketnet/ledger';
import { undoableMap } from '@pocketnet/ledger';
import type { HistoryRecord } from './update-history.ts';

export type ExternalHashes = ReturnType<typeof createExternalHashes>;

/**
 * Externally signed transactions by the hash their parties signed (lower case), each kept as
 * its offset and read from the update log: its state section is those pairs.
 */
export function createExternalHashes(deps: {
  readonly undo: UndoLog;
  readonly recordAt: (offset: number) => HistoryRecord | undefined;
}) {
  const offsets = undoableMap<string, number>(deps.undo);
  deps.undo.section<[string, number][]>('scan.history.external-hashes', {
    save: () => [...offsets],
    restore(saved) {
      for (const [hash, offset] of saved) offsets.set(hash, offset);
    },
  });
  return {
    add(hash: string, record: TransactionRecord): void {
      offsets.set(hash.toLowerCase(), record.offset);
    },
    /** The transaction whose parties signed `hash` (any case). */
    get(hash: string): TransactionRecord | undefined {
      const offset = offsets.get(hash.toLowerCase());
      const record = offset === undefined ? undefined : deps.recordAt(offset);
      return record?.type === 'transaction' ? record : undefined;
    },
  };
}
