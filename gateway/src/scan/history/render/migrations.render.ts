import type { MigrationInfo, ScheduledMigration } from '@pocketnet/runtime';
import { formatScanTime } from './record-time.ts';

/**
 * `/v0/backfilling/migration-info`: this node has every update it ever saw, so its history and
 * its import updates are complete.
 */
export function renderMigrationInfo(info: MigrationInfo) {
  return {
    ...(info.previousMigrationId === undefined
      ? {}
      : { previous_migration_id: info.previousMigrationId }),
    record_time_range: info.ranges.map((range) => ({
      synchronizer_id: range.synchronizerId,
      min: formatScanTime(range.min),
      max: formatScanTime(range.max),
    })),
    ...(info.lastImportUpdateId === undefined
      ? {}
      : { last_import_update_id: info.lastImportUpdateId }),
    complete: true,
    import_updates_complete: true,
  };
}

/** A scheduled synchronizer upgrade (`/v0/migrations/schedule`, and the devnet's control). */
export const renderScheduledMigration = (migration: ScheduledMigration) => ({
  time: formatScanTime(migration.timeMicros),
  migration_id: migration.migrationId,
});
