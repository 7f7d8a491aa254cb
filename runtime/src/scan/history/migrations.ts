import { DomainError, type UndoLog } from '@pocketnet/ledger';
import type { Caller } from '../../services/caller.ts';
import type { ControllableClock } from '../../time/controllable-clock.ts';
import type { ImportUpdates } from './import-updates.ts';
import { formatScanTime, type Micros, parseScanTime } from './scan-time.ts';
import type { UpdateHistory } from './update-history.ts';

type ScheduledMigration = { readonly timeMicros: Micros; readonly migrationId: number };

/**
 * The synchronizer's migrations as Scan reports them: the history of each migration id, and
 * the upgrade the DSO has scheduled, if any (on a devnet, scheduled by its admin).
 */
export function createMigrations(deps: {
  readonly history: UpdateHistory;
  readonly clock: ControllableClock;
  /** Throws unless the caller may control the devnet. */
  readonly requireDevnetAdmin: (caller: Caller) => void;
  /** The contracts each migration re-imported. */
  readonly imports?: ImportUpdates;
  readonly undo: UndoLog;
}) {
  const { history, undo } = deps;
  const state: { scheduled: ScheduledMigration | null } = { scheduled: null };
  const render = (migration: ScheduledMigration) => ({
    time: formatScanTime(migration.timeMicros),
    migration_id: migration.migrationId,
  });
  return {
    /** `/v0/backfilling/migration-info`: this node has every update it ever saw. */
    info(migrationId: number) {
      const ranges = history.rangesOf(migrationId);
      const lastImport = deps.imports?.lastUpdateId(migrationId);
      if (!ranges || (ranges.size === 0 && lastImport === undefined)) {
        throw new DomainError('UPDATE_NOT_FOUND', `No data for migration ${migrationId}`);
      }
      const previous = history
        .migrationIds()
        .filter((id) => id < migrationId)
        .at(-1);
      return {
        ...(previous === undefined ? {} : { previous_migration_id: previous }),
        record_time_range: [...ranges].map(([synchronizerId, range]) => ({
          synchronizer_id: synchronizerId,
          min: formatScanTime(range.min),
          max: formatScanTime(range.max),
        })),
        ...(lastImport === undefined ? {} : { last_import_update_id: lastImport }),
        complete: true,
        import_updates_complete: true,
      };
    },
    /** When the scheduled migration falls due on the node's clock, or null. */
    dueMicros: (): bigint | null => (state.scheduled ? BigInt(state.scheduled.timeMicros) : null),
    /** The scheduled migration if it is due at `nowMicros`, which is then no longer scheduled. */
    takeDue(nowMicros: bigint): { readonly migrationId: number } | null {
      const due = state.scheduled;
      if (due === null || BigInt(due.timeMicros) > nowMicros) return null;
      undo.assign(state, 'scheduled', null);
      return { migrationId: due.migrationId };
    },
    /** The scheduled upgrade, or null when none is. */
    schedule: () => (state.scheduled ? render(state.scheduled) : null),
    last: () => ({ migration_id: history.currentMigrationId() }),
    scheduleMigration(caller: Caller, request: { time: string; migrationId: number }) {
      deps.requireDevnetAdmin(caller);
      const timeMicros = parseScanTime(request.time, 'time');
      const current = history.currentMigrationId();
      if (!Number.isInteger(request.migrationId) || request.migrationId <= current) {
        throw new DomainError(
          'INVALID_ARGUMENT',
          `migration_id must be an integer above the current migration id ${current}`,
        );
      }
      if (BigInt(timeMicros) <= deps.clock.nowMicros()) {
        throw new DomainError('INVALID_ARGUMENT', `The migration time ${request.time} has passed`);
      }
      const scheduled = { timeMicros, migrationId: request.migrationId };
      undo.assign(state, 'scheduled', scheduled);
      return render(scheduled);
    },
    cancelSchedule(caller: Caller) {
      deps.requireDevnetAdmin(caller);
      undo.assign(state, 'scheduled', null);
    },
  };
}

export type Migrations = ReturnType<typeof createMigrations>;
