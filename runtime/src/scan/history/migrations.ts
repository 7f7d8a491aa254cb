import { DomainError, type UndoLog } from '@pocketnet/ledger';
import type { Caller } from '../../services/caller.ts';
import type { ControllableClock } from '../../time/controllable-clock.ts';
import type { ImportUpdates } from './import-updates.ts';
import { type Micros, parseScanTime } from './scan-time.ts';
import type { RecordTimeRange, UpdateHistory } from './update-history.ts';

/** An upgrade of the synchronizer the DSO scheduled: the next migration id, from a time. */
export type ScheduledMigration = { readonly timeMicros: Micros; readonly migrationId: number };

/** What this node holds of a migration id: its record times per synchronizer, its imports. */
export type MigrationInfo = {
  readonly previousMigrationId: number | undefined;
  readonly ranges: readonly (RecordTimeRange & { readonly synchronizerId: string })[];
  readonly lastImportUpdateId: string | undefined;
};

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
  return {
    /** `/v0/backfilling/migration-info`: this node has every update it ever saw. */
    info(migrationId: number): MigrationInfo {
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
        previousMigrationId: previous,
        ranges: [...ranges].map(([synchronizerId, range]) => ({
          synchronizerId,
          min: range.min,
          max: range.max,
        })),
        lastImportUpdateId: lastImport,
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
    schedule: (): ScheduledMigration | null => state.scheduled,
    /** The migration id the history is in now. */
    last: (): number => history.currentMigrationId(),
    scheduleMigration(
      caller: Caller,
      request: { time: string; migrationId: number },
    ): ScheduledMigration {
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
      return scheduled;
    },
    cancelSchedule(caller: Caller) {
      deps.requireDevnetAdmin(caller);
      undo.assign(state, 'scheduled', null);
    },
  };
}

export type Migrations = ReturnType<typeof createMigrations>;
