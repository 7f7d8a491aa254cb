import { Router } from 'express';
import { bulkRoutes } from './history/bulk.routes.ts';
import { migrationsRoutes } from './history/migrations.routes.ts';
import { stateRoutes } from './history/state.routes.ts';
import { updatesRoutes } from './history/updates.routes.ts';
import type { ScanRouteDeps } from './scan.routes.ts';

/**
 * Scan's history: updates and events, ACS snapshots and holdings, migrations and backfilling,
 * bulk storage. Public, as scan.yaml declares no security for any of it.
 */
export function scanHistoryRoutes(deps: ScanRouteDeps): Router {
  const router = Router();
  router.use(updatesRoutes(deps));
  router.use(stateRoutes(deps));
  router.use(migrationsRoutes(deps));
  router.use(bulkRoutes(deps));
  return router;
}
