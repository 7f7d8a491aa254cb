import { DomainError, type TransactionRecord } from '@pocketnet/ledger';
import type { UpdateLog } from '../../projections/update-log.projection.ts';
import type { DamlValueEncoding, EventValues } from './event-values.ts';
import { type ImportUpdates, renderImportUpdate } from './import-updates.ts';
import { renderEventItem } from './render/event-item.render.ts';
import {
  type JsonChunks,
  type JsonFragmentCache,
  jsonChunksOf,
  jsonWithList,
} from './render/json-fragment-cache.ts';
import type { PageCache } from './render/page-cache.ts';
import { type HistoryVersion, renderUpdateItem } from './render/update-item.render.ts';
import { checkPageSize } from './scan-history-options.ts';
import { parseScanTime } from './scan-time.ts';
import type { TransactionLog } from './transaction-log.ts';
import type { HistoryCursor, HistoryItem, HistoryRecord, UpdateHistory } from './update-history.ts';

/** `after` of Splice's update history requests. */
export type HistoryAfter = { readonly migrationId: number; readonly recordTime: string };

/**
 * A full page after a cursor never changes (later updates have later record times), so it is
 * named by its dialect, cursor and size.
 */
const pageKey = (dialect: string, cursor: HistoryCursor | null, pageSize: number) =>
  `${dialect}|${cursor === null ? '' : `${cursor.migrationId}:${cursor.recordTimeMicros}`}|${pageSize}`;

const cursorOf = (after: HistoryAfter | null): HistoryCursor | null =>
  after === null
    ? null
    : {
        migrationId: after.migrationId,
        recordTimeMicros: parseScanTime(after.recordTime, 'after_record_time'),
      };

/** The update and event history reads of Scan, rendered in Splice's shapes. */
export function createHistoryReads(deps: {
  readonly history: UpdateHistory;
  readonly updateLog: UpdateLog;
  readonly values: EventValues;
  readonly transactionLog: TransactionLog;
  readonly participantUid: string;
  readonly cache: JsonFragmentCache<HistoryRecord>;
  readonly pages: PageCache;
  /** Externally signed transactions by the hash their parties signed. */
  readonly externalHashes: ReadonlyMap<string, TransactionRecord>;
  /** The contracts each migration re-imported (issue 10). */
  readonly imports: ImportUpdates;
}) {
  const { history, values, cache, pages } = deps;
  const itemOf = (updateId: string): HistoryItem | undefined => {
    const record = deps.updateLog.byUpdateId(updateId);
    return record?.type === 'transaction' || record?.type === 'reassignment'
      ? history.itemOf(record)
      : undefined;
  };
  const eventOptions = (encoding: DamlValueEncoding) => ({
    encoding,
    values,
    participantUid: deps.participantUid,
  });
  type Dialect = { encoding: DamlValueEncoding; version: HistoryVersion };
  const updatesJson = (items: readonly HistoryItem[], options: Dialect): Buffer[] => {
    const dialect = `${options.version}:${options.encoding}`;
    return items.map(
      (item) =>
        cache.get(item.record, dialect) ??
        cache.put(item.record, dialect, renderUpdateItem(item, { ...options, values })),
    );
  };
  const eventsJson = (items: readonly HistoryItem[], encoding: DamlValueEncoding): Buffer[] => {
    const dialect = `event:${encoding}`;
    return items.map(
      (item) =>
        cache.get(item.record, dialect) ??
        cache.put(item.record, dialect, renderEventItem(item, eventOptions(encoding))),
    );
  };
  return {
    updates(request: {
      after: HistoryAfter | null;
      pageSize: number;
      encoding: DamlValueEncoding;
      version: HistoryVersion;
    }): JsonChunks {
      const cursor = cursorOf(request.after);
      const pageSize = checkPageSize(request.pageSize);
      return pages.answer(
        pageKey(`${request.version}:${request.encoding}`, cursor, pageSize),
        () => {
          const items = history.page(cursor, pageSize);
          const json = jsonWithList('transactions', updatesJson(items, request));
          return { json, final: items.length === pageSize };
        },
      );
    },
    updateById(
      updateId: string,
      options: { encoding: DamlValueEncoding; version: HistoryVersion },
    ): JsonChunks {
      const item = itemOf(updateId);
      if (!item)
        throw new DomainError('UPDATE_NOT_FOUND', `Transaction with id ${updateId} not found`);
      return jsonChunksOf(updatesJson([item], options)[0] as Buffer);
    },
    /** The externally signed transaction whose parties signed `hash` (v2, with the hash). */
    updateByHash(hash: string, encoding: DamlValueEncoding): JsonChunks {
      const record = deps.externalHashes.get(hash.toLowerCase());
      const item = record ? history.itemOf(record) : undefined;
      if (!item)
        throw new DomainError('UPDATE_NOT_FOUND', `Transaction with hash ${hash} not found`);
      return jsonChunksOf(updatesJson([item], { encoding, version: 'v2' })[0] as Buffer);
    },
    events(request: {
      after: HistoryAfter | null;
      pageSize: number;
      encoding: DamlValueEncoding;
    }): JsonChunks {
      const cursor = cursorOf(request.after);
      const pageSize = checkPageSize(request.pageSize);
      return pages.answer(pageKey(`event:${request.encoding}`, cursor, pageSize), () => {
        const items = history.page(cursor, pageSize);
        return {
          json: jsonWithList('events', eventsJson(items, request.encoding)),
          final: items.length === pageSize,
        };
      });
    },
    eventById(updateId: string, encoding: DamlValueEncoding): JsonChunks {
      const item = itemOf(updateId);
      if (!item) throw new DomainError('UPDATE_NOT_FOUND', `Event with id ${updateId} not found`);
      return jsonChunksOf(eventsJson([item], encoding)[0] as Buffer);
    },
    /** Backfilling: newest first, in the lossless encoding, as SVs copy history from each other. */
    updatesBefore(request: {
      migrationId: number;
      synchronizerId: string;
      before: string;
      atOrAfter: string | null;
      count: number;
    }) {
      const items = history.before({
        ...request,
        before: parseScanTime(request.before, 'before'),
        atOrAfter:
          request.atOrAfter === null ? null : parseScanTime(request.atOrAfter, 'at_or_after'),
        count: checkPageSize(request.count, 'count'),
      });
      const lossless = { version: 'v1', encoding: 'protobuf_json' } as const;
      return jsonWithList('transactions', updatesJson(items, lossless));
    },
    /** Backfilling: a migration's import updates after an update id, by update id. */
    importUpdates(request: { migrationId: number; afterUpdateId: string; limit: number }) {
      const limit = checkPageSize(request.limit, 'limit');
      return deps.imports
        .page(request.migrationId, request.afterUpdateId, limit)
        .map((update) => renderImportUpdate(update, { encoding: 'protobuf_json', values }));
    },
    transactions(request: {
      pageEndEventId: string | null;
      descending: boolean;
      pageSize: number;
    }) {
      checkPageSize(request.pageSize);
      return deps.transactionLog.page(request);
    },
  };
}

export type HistoryReads = ReturnType<typeof createHistoryReads>;
