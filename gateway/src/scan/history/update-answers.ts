import type { HistoryAfter, HistoryItem, HistoryRecord, ScanService } from '@pocketnet/runtime';
import { renderEventItem } from './render/event-item.render.ts';
import type { DamlValueEncoding, EventValues } from './render/event-values.ts';
import { renderImportUpdate } from './render/import-update.render.ts';
import {
  type JsonChunks,
  type JsonFragmentCache,
  jsonChunksOf,
  jsonWithList,
} from './render/json-fragment-cache.ts';
import type { PageCache } from './render/page-cache.ts';
import { renderTransactionLogEntry } from './render/transaction-log.render.ts';
import { type HistoryVersion, renderUpdateItem } from './render/update-item.render.ts';

type HistoryService = ScanService['history'];

/**
 * A full page after a cursor never changes (later updates have later record times), so it is
 * named by its dialect, cursor (as the request gave it) and size.
 */
const pageKey = (dialect: string, after: HistoryAfter | null, pageSize: number) =>
  `${dialect}|${after === null ? '' : `${after.migrationId}:${after.recordTime}`}|${pageSize}`;

/**
 * The update and event history in Splice's shapes, as serialised JSON: each update is
 * serialised once per dialect and kept (the fragment cache), full pages are kept whole.
 */
export function createUpdateAnswers(deps: {
  readonly history: HistoryService;
  readonly values: EventValues;
  readonly cache: JsonFragmentCache<HistoryRecord>;
  readonly pages: PageCache;
}) {
  const { history, values, cache, pages } = deps;
  const { updates } = history;
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
    const options = { encoding, values, participantUid: history.participantUid };
    return items.map(
      (item) =>
        cache.get(item.record, dialect) ??
        cache.put(item.record, dialect, renderEventItem(item, options)),
    );
  };
  return {
    updates(request: {
      after: HistoryAfter | null;
      pageSize: number;
      encoding: DamlValueEncoding;
      version: HistoryVersion;
    }): JsonChunks {
      const key = pageKey(
        `${request.version}:${request.encoding}`,
        request.after,
        request.pageSize,
      );
      return pages.answer(key, () => {
        const page = updates.page(request);
        return {
          json: jsonWithList('transactions', updatesJson(page.items, request)),
          final: page.full,
        };
      });
    },
    updateById(updateId: string, options: Dialect): JsonChunks {
      return jsonChunksOf(updatesJson([updates.item(updateId)], options)[0] as Buffer);
    },
    /** The externally signed transaction whose parties signed `hash` (v2, with the hash). */
    updateByHash(hash: string, encoding: DamlValueEncoding): JsonChunks {
      const item = updates.itemByHash(hash);
      return jsonChunksOf(updatesJson([item], { encoding, version: 'v2' })[0] as Buffer);
    },
    events(request: { after: HistoryAfter | null; pageSize: number; encoding: DamlValueEncoding }) {
      const key = pageKey(`event:${request.encoding}`, request.after, request.pageSize);
      return pages.answer(key, () => {
        const page = updates.page(request);
        return {
          json: jsonWithList('events', eventsJson(page.items, request.encoding)),
          final: page.full,
        };
      });
    },
    eventById(updateId: string, encoding: DamlValueEncoding): JsonChunks {
      return jsonChunksOf(eventsJson([updates.item(updateId, 'Event')], encoding)[0] as Buffer);
    },
    /** Backfilling: newest first, in the lossless encoding, as SVs copy history from each other. */
    updatesBefore(request: Parameters<HistoryService['updates']['before']>[0]): JsonChunks {
      const lossless = { version: 'v1', encoding: 'protobuf_json' } as const;
      return jsonWithList('transactions', updatesJson(updates.before(request), lossless));
    },
    /** Backfilling: a migration's import updates after an update id, by update id. */
    importUpdates(request: Parameters<HistoryService['updates']['importUpdates']>[0]) {
      return updates
        .importUpdates(request)
        .map((update) => renderImportUpdate(update, { encoding: 'protobuf_json', values }));
    },
    transactions(request: Parameters<HistoryService['updates']['transactions']>[0]) {
      return updates.transactions(request).map(renderTransactionLogEntry);
    },
  };
}

export type UpdateAnswers = ReturnType<typeof createUpdateAnswers>;
