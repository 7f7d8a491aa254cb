import { Router } from 'express';
import { sendJson } from '../../http/send-json.ts';
import type { HistoryRendering } from '../scan-history.routes.ts';
import {
  importUpdatesRequestSchema,
  migrationInfoRequestSchema,
  updatesBeforeRequestSchema,
} from './history-requests.schema.ts';
import { renderMigrationInfo, renderScheduledMigration } from './render/migrations.render.ts';
import { sendJsonChunks } from './send-json-chunks.ts';

/**
 * Migrations and backfilling: what one SV's scan tells another that copies its history, and
 * the synchronizer's upgrades (scheduled on a devnet by its admin).
 */
export function migrationsRoutes(rendering: HistoryRendering): Router {
  const router = Router();
  const { migrations } = rendering.history;
  const { updates } = rendering;
  router.post('/v0/backfilling/migration-info', (req, res) => {
    const { migration_id: migrationId } = migrationInfoRequestSchema.parse(req.body);
    sendJson(res, renderMigrationInfo(migrations.info(migrationId)));
  });
  router.post('/v0/backfilling/updates-before', (req, res) => {
    const body = updatesBeforeRequestSchema.parse(req.body);
    const page = updates.updatesBefore({
      migrationId: body.migration_id,
      synchronizerId: body.synchronizer_id,
      before: body.before,
      atOrAfter: body.at_or_after ?? null,
      count: body.count,
    });
    sendJsonChunks(res, page);
  });
  router.post('/v0/backfilling/import-updates', (req, res) => {
    const body = importUpdatesRequestSchema.parse(req.body);
    const request = {
      migrationId: body.migration_id,
      afterUpdateId: body.after_update_id,
      limit: body.limit,
    };
    sendJson(res, { transactions: updates.importUpdates(request) });
  });
  // This node has every update it ever committed: there is nothing to backfill.
  router.get('/v0/backfilling/status', (_req, res) => sendJson(res, { complete: true }));
  router.get('/v0/migrations/schedule', (_req, res) => {
    const schedule = migrations.schedule();
    if (schedule === null) res.status(404).end();
    else sendJson(res, renderScheduledMigration(schedule));
  });
  router.get('/v0/migrations/last', (_req, res) =>
    sendJson(res, { migration_id: migrations.last() }),
  );
  router.get('/v0/active-synchronizer-serial', (_req, res) =>
    sendJson(res, rendering.history.activeSynchronizerSerial()),
  );
  // No logical synchronizer upgrade is announced, nor rolled forward; no optional feature is off.
  router.get('/v0/lsu', (_req, res) => sendJson(res, {}));
  router.get('/v0/roll-forward-lsu', (_req, res) => sendJson(res, {}));
  router.get('/v0/feature-support', (_req, res) => sendJson(res, {}));
  return router;
}
