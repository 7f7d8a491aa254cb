import type { CreatedNode } from '@pocketnet/ledger';
import type { HistoryRecord } from '@pocketnet/runtime';
import { Router } from 'express';
import { bulkRoutes } from './history/bulk.routes.ts';
import { migrationsRoutes } from './history/migrations.routes.ts';
import { createBulkObjectRenderer } from './history/render/bulk-objects.render.ts';
import { createEventValues } from './history/render/event-values.ts';
import { createJsonFragmentCache } from './history/render/json-fragment-cache.ts';
import { createPageCache } from './history/render/page-cache.ts';
import { stateRoutes } from './history/state.routes.ts';
import { createStateAnswers } from './history/state-answers.ts';
import { createUpdateAnswers } from './history/update-answers.ts';
import { updatesRoutes } from './history/updates.routes.ts';
import type { ScanRouteDeps } from './scan.routes.ts';

/** Bytes of serialised updates, contracts and pages kept for when they are asked for again. */
export const defaultRenderCacheBytes = 48 * 1024 * 1024;

/**
 * What Scan's history routes answer with: the runtime's history, rendered in Splice's shapes,
 * with the caches of what was rendered (clients paging keep asking for the same recent pages,
 * and serialising is most of what a page costs).
 */
export function createHistoryRendering(
  history: ScanRouteDeps['scan']['history'],
  cacheBytes = defaultRenderCacheBytes,
) {
  const values = createEventValues(history.valueTypes);
  // A third each: serialised updates, serialised contracts, and whole pages.
  const pages = createPageCache(cacheBytes / 3, history.rollbacks);
  return {
    history,
    values,
    updates: createUpdateAnswers({
      history,
      values,
      cache: createJsonFragmentCache<HistoryRecord>(cacheBytes / 3),
      pages,
    }),
    state: createStateAnswers({
      state: history.state,
      values,
      cache: createJsonFragmentCache<CreatedNode>(cacheBytes / 3),
      pages,
    }),
    bulkObjects: createBulkObjectRenderer(values, history.rollbacks),
  };
}

export type HistoryRendering = ReturnType<typeof createHistoryRendering>;

/**
 * Scan's history: updates and events, ACS snapshots and holdings, migrations and backfilling,
 * bulk storage. Public, as scan.yaml declares no security for any of it.
 */
export function scanHistoryRoutes(deps: ScanRouteDeps): Router {
  const rendering = createHistoryRendering(deps.scan.history);
  const router = Router();
  router.use(updatesRoutes(rendering));
  router.use(stateRoutes(rendering));
  router.use(migrationsRoutes(rendering));
  router.use(bulkRoutes(rendering));
  return router;
}
