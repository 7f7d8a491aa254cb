import type { LedgerEngine } from '@pocketnet/ledger';
import type { BackgroundTask } from '../automation/node-schedule.ts';
import {
  type MigrationRecord,
  type SynchronizerMigrated,
  synchronizerMigratedKind,
} from './synchronizers.projection.ts';

/** What the task reads the scheduled migration from (Scan's migrations). */
export type MigrationSchedule = {
  dueMicros(): bigint | null;
  takeDue(nowMicros: bigint): { readonly migrationId: number } | null;
};

/**
 * The global synchronizer's migration, on the node's clock: when the scheduled time comes the
 * node journals the move to the scheduled migration id; Scan starts the new migration's
 * history from that record and re-imports the active contracts (a replay does the same).
 */
export function createMigrationTask(deps: {
  readonly schedule: MigrationSchedule;
  readonly engine: Pick<LedgerEngine, 'commitAdmin'>;
  readonly clock: { nowMicros(): bigint };
  readonly synchronizerId: string;
}): BackgroundTask {
  return {
    name: 'synchronizer-migration',
    runsAs: 'here',
    nextDueMicros: () => deps.schedule.dueMicros(),
    async run() {
      const due = deps.schedule.takeDue(deps.clock.nowMicros());
      if (due === null) return;
      const change: SynchronizerMigrated = {
        kind: synchronizerMigratedKind,
        synchronizerId: deps.synchronizerId,
        migrationId: due.migrationId,
      };
      await deps.engine.commitAdmin(
        (_state, recordTime): MigrationRecord => ({ type: 'admin', recordTime, change }),
      );
    },
  };
}
