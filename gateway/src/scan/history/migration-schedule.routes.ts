import type { ScanService } from '@pocketnet/runtime';
import { Router } from 'express';
import { callerOf } from '../../ledger-api/route-deps.ts';
import { scheduleMigrationRequestSchema } from './history-requests.schema.ts';
import { renderScheduledMigration } from './render/migrations.render.ts';

/**
 * Devnet controls (under `/api/devnet/v0`, participant admins only) for the synchronizer
 * migration Scan reports at `/v0/migrations/schedule`: on a real network the DSO votes it in.
 */
export function migrationScheduleControlRoutes({ scan }: { readonly scan: ScanService }): Router {
  const router = Router();
  const { migrations } = scan.history;
  router.post('/migrations/schedule', (req, res) => {
    const body = scheduleMigrationRequestSchema.parse(req.body);
    const request = { time: body.time, migrationId: body.migration_id };
    res.json(renderScheduledMigration(migrations.scheduleMigration(callerOf(res), request)));
  });
  router.delete('/migrations/schedule', (_req, res) => {
    migrations.cancelSchedule(callerOf(res));
    res.status(204).end();
  });
  return router;
}
