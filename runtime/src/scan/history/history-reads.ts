import { DomainError } from '@pocketnet/ledger';
import type { UpdateLog } from '../../projections/update-log.projection.ts';
import type { ExternalHashes } from './external-hashes.ts';
import type { ImportUpdate, ImportUpdates } from './import-updates.ts';
import { checkPageSize } from './scan-history-options.ts';
import { parseScanTime } from './scan-time.ts';
import type { TransactionLog, TransactionLogEntry } from './transaction-log.ts';
import type { HistoryCursor, HistoryItem, UpdateHistory } from './update-history.ts';

/** `after` of Splice's update history requests. */
export type HistoryAfter = { readonly migrationId: number; readonly recordTime: string };

/**
 * A page of the history after a cursor. A full page never changes (later updates have later
 * record times), so whoever renders it may keep it.
 */
export type HistoryPage = { readonly items: readonly HistoryItem[]; readonly full: boolean };

const cursorOf = (after: HistoryAfter | null): HistoryCursor | null =>
  after === null
    ? null
    : {
        migrationId: after.migrationId,
        recordTimeMicros: parseScanTime(after.recordTime, 'after_record_time'),
      };

/** The update and event history reads of Scan, as the history's items. */
export function createHistoryReads(deps: {
  readonly history: UpdateHistory;
  readonly updateLog: UpdateLog;
  readonly transactionLog: TransactionLog;
  /** Externally signed transactions by the hash their parties signed. */
  readonly externalHashes: ExternalHashes;
  /** The contracts each migration re-imported (issue 10). */
  readonly imports: ImportUpdates;
}) {
  const { history } = deps;
  const itemOf = (updateId: string): HistoryItem | undefined => {
    const record = deps.updateLog.byUpdateId(updateId);
    return record?.type === 'transaction' || record?.type === 'reassignment'
      ? history.itemOf(record)
      : undefined;
  };
  return {
    page(request: { after: HistoryAfter | null; pageSize: number }): HistoryPage {
      const cursor = cursorOf(request.after);
      const pageSize = checkPageSize(request.pageSize);
      const items = history.page(cursor, pageSize);
      return { items, full: items.length === pageSize };
    },
    /** The update `updateId` (a transaction or reassignment of the history); `what` names it. */
    item(updateId: string, what: 'Transaction' | 'Event' = 'Transaction'): HistoryItem {
      const item = itemOf(updateId);
      if (!item) throw new DomainError('UPDATE_NOT_FOUND', `${what} with id ${updateId} not found`);
      return item;
    },
    /** The externally signed transaction whose parties signed `hash`. */
    itemByHash(hash: string): HistoryItem {
      const record = deps.externalHashes.get(hash);
      const item = record ? history.itemOf(record) : undefined;
      if (!item)
        throw new DomainError('UPDATE_NOT_FOUND', `Transaction with hash ${hash} not found`);
      return item;
    },
    /** Backfilling: newest first, as SVs copy history from each other. */
    before(request: {
      migrationId: number;
      synchronizerId: string;
      before: string;
      atOrAfter: string | null;
      count: number;
    }): readonly HistoryItem[] {
      return history.before({
        ...request,
        before: parseScanTime(request.before, 'before'),
        atOrAfter:
          request.atOrAfter === null ? null : parseScanTime(request.atOrAfter, 'at_or_after'),
        count: checkPageSize(request.count, 'count'),
      });
    },
    /** Backfilling: a migration's import updates after an update id, by update id. */
    importUpdates(request: {
      migrationId: number;
      afterUpdateId: string;
      limit: number;
    }): readonly ImportUpdate[] {
      const limit = checkPageSize(request.limit, 'limit');
      return deps.imports.page(request.migrationId, request.afterUpdateId, limit);
    },
    transactions(request: {
      pageEndEventId: string | null;
      descending: boolean;
      pageSize: number;
    }): readonly TransactionLogEntry[] {
      checkPageSize(request.pageSize);
      return deps.transactionLog.page(request);
    },
  };
}

export type HistoryReads = ReturnType<typeof createHistoryReads>;
