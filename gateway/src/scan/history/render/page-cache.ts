import type { JsonChunks } from './json-fragment-cache.ts';

/**
 * Whole answers of pages that can no longer change (a full page of history after a cursor, any
 * page of a snapshot), as the bytes sent, kept up to a budget: clients polling the same pages
 * get them without a copy. Keys name everything a page depends on. FIFO eviction.
 */
export type PageCache = {
  /** The answer for `key`, made by `make` on a miss and kept when `final` says it may be. */
  answer(key: string, make: () => { json: JsonChunks; final: boolean }): JsonChunks;
};

export function createPageCache(
  maxBytes: number,
  /**
   * Scan history's count of rollbacks (issue 23): a key names a position in history, which a
   * rollback gives to other updates, so after one nothing kept is trusted.
   */
  rollbacks: () => number,
): PageCache {
  const pages = new Map<string, Buffer>();
  let bytes = 0;
  let seen = rollbacks();
  return {
    answer(key, make) {
      if (rollbacks() !== seen) {
        seen = rollbacks();
        pages.clear();
        bytes = 0;
      }
      const cached = pages.get(key);
      if (cached) return { chunks: [cached], length: cached.length };
      const { json, final } = make();
      if (!final || json.length > maxBytes / 4) return json;
      const body = Buffer.concat(json.chunks, json.length);
      pages.set(key, body);
      bytes += body.length;
      for (const [oldest, page] of pages) {
        if (bytes <= maxBytes) break;
        pages.delete(oldest);
        bytes -= page.length;
      }
      return { chunks: [body], length: body.length };
    },
  };
}
