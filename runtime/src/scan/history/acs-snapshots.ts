import { DomainError, type TransactionRecord, type UndoLog, undoableMap } from '@pocketnet/ledger';
import type { BackgroundTask } from '../../automation/node-schedule.ts';
import type { ControllableClock } from '../../time/controllable-clock.ts';
import type { AcsEntries, AcsKeys } from './acs-entries.ts';
import {
  restoredSnapshots,
  type SavedAcsSnapshots,
  saveSnapshots,
} from './acs-snapshots-section.ts';
import { lastAtOrBefore, type Micros, nextBoundaryAfter } from './scan-time.ts';
import type { UpdateHistory } from './update-history.ts';

/** The active contracts of a migration id after every update up to `recordTimeMicros`. */
export type AcsSnapshot = {
  readonly migrationId: number;
  readonly recordTimeMicros: Micros;
  readonly keys: AcsKeys;
};

export type AcsSnapshots = ReturnType<typeof createAcsSnapshots>;

/**
 * ACS snapshots, as Splice's AcsSnapshotTrigger takes them: at every multiple of the interval
 * (from midnight UTC) after the first update, and on demand at the newest update's record
 * time. A boundary's snapshot is taken once it has passed: when an update after it arrives,
 * or when the node's clock passes it (a task of the devnet's scheduler, so that moving time
 * forward takes every snapshot on the way, in order). Updates that arrive after a snapshot was
 * taken get a later record time (see UpdateHistory.append), so a snapshot never changes.
 */
export function createAcsSnapshots(deps: {
  readonly intervalMicros: Micros;
  readonly acs: AcsEntries;
  readonly history: UpdateHistory;
  readonly clock: ControllableClock;
  readonly undo: UndoLog;
  /** Called (within a rollback) when one takes back a snapshot. */
  readonly rolledBack: () => void;
}) {
  const log = deps.undo;
  const byMigration = undoableMap<number, AcsSnapshot[]>(log);
  const state: {
    nextBoundary: Micros | null;
    /**
     * The next boundary as transactions alone move it, which is how a replay of the journal
     * does: the node's clock takes boundaries no transaction has passed yet (`dueTask`).
     */
    passedBoundary: Micros | null;
    floor: Micros;
    // Snapshots between which no transaction committed share one array.
    latestKeys: { readonly updates: number; readonly keys: AcsKeys } | null;
  } = {
    nextBoundary: null,
    passedBoundary: null,
    floor: Number.NEGATIVE_INFINITY,
    latestKeys: null,
  };
  // Snapshots taken on demand only: no replay takes them again, so no state file keeps them.
  const forced = new WeakSet<AcsSnapshot>();
  log.section<SavedAcsSnapshots>('scan.history.acs-snapshots', {
    save() {
      const boundary = state.passedBoundary;
      const ids = [...byMigration.keys()].sort((a, b) => a - b);
      const replayed = ids.flatMap((id) =>
        (byMigration.get(id) ?? []).filter(
          (snapshot) =>
            !forced.has(snapshot) && boundary !== null && snapshot.recordTimeMicros < boundary,
        ),
      );
      return saveSnapshots(replayed, boundary);
    },
    restore(saved) {
      for (const [migrationId, list] of restoredSnapshots(saved))
        byMigration.set(migrationId, list);
      state.nextBoundary = saved.nextBoundary;
      state.passedBoundary = saved.nextBoundary;
      const times = saved.snapshots.map(([, time]) => time);
      state.floor = Math.max(Number.NEGATIVE_INFINITY, ...times);
    },
  });
  const listOf = (migrationId: number): AcsSnapshot[] => {
    const list = byMigration.get(migrationId) ?? [];
    if (!byMigration.has(migrationId)) byMigration.set(migrationId, list);
    return list;
  };
  const times = (list: readonly AcsSnapshot[]) => list.map((s) => s.recordTimeMicros);
  const keysBefore = (undo: TransactionRecord | null): AcsKeys => {
    const updates = deps.history.size() - (undo === null ? 0 : 1);
    const known = state.latestKeys;
    if (known?.updates === updates) return known.keys;
    const keys = deps.acs.keysNow(undo);
    log.assign(state, 'latestKeys', { updates, keys });
    return keys;
  };
  const take = (
    recordTimeMicros: Micros,
    undo: TransactionRecord | null,
    onDemand = false,
  ): AcsSnapshot => {
    const list = listOf(deps.history.currentMigrationId());
    const index = lastAtOrBefore(times(list), recordTimeMicros);
    const existing = list[index];
    if (existing?.recordTimeMicros === recordTimeMicros) {
      // A boundary's snapshot that was forced first is a boundary's snapshot from now on.
      if (!onDemand && forced.delete(existing)) log.record(() => forced.add(existing));
      return existing;
    }
    const snapshot = {
      migrationId: deps.history.currentMigrationId(),
      recordTimeMicros,
      keys: keysBefore(undo),
    };
    list.splice(index + 1, 0, snapshot);
    if (onDemand) forced.add(snapshot);
    log.record(() => {
      list.splice(list.indexOf(snapshot), 1);
      deps.rolledBack();
    });
    log.assign(state, 'floor', Math.max(state.floor, recordTimeMicros));
    return snapshot;
  };
  const takeBoundariesBefore = (time: Micros, undo: TransactionRecord | null): void => {
    for (let next = state.nextBoundary; next !== null && next < time; next = state.nextBoundary) {
      take(next, undo);
      log.assign(state, 'nextBoundary', next + deps.intervalMicros);
    }
  };
  // The first boundary at or after `time` (and at least `first`): journaled records passed every
  // one before it.
  const passBoundariesBefore = (time: Micros, first: Micros): void => {
    const atOrAfter = Math.ceil(time / deps.intervalMicros) * deps.intervalMicros;
    const passed = Math.max(state.passedBoundary ?? first, atOrAfter);
    if (passed !== state.passedBoundary) log.assign(state, 'passedBoundary', passed);
  };
  const atOrBefore = (migrationId: number, time: Micros): AcsSnapshot | undefined => {
    const list = byMigration.get(migrationId) ?? [];
    return list[lastAtOrBefore(times(list), time)];
  };
  const dueTask: BackgroundTask = {
    name: 'scan-acs-snapshots',
    runsAs: 'here',
    nextDueMicros: () => (state.nextBoundary === null ? null : BigInt(state.nextBoundary + 1)),
    run: async () => takeBoundariesBefore(Number(deps.clock.nowMicros()), null),
  };
  return {
    /** Record times of later updates must exceed this. */
    floor: (): Micros => state.floor,
    /**
     * Called with each transaction and its record time once the node's projections have
     * applied it: the snapshots of the boundaries it passed hold the ACS as it was before it.
     */
    passTo(time: Micros, record: TransactionRecord): void {
      const first = nextBoundaryAfter(time, deps.intervalMicros);
      if (state.nextBoundary === null) log.assign(state, 'nextBoundary', first);
      takeBoundariesBefore(time, record);
      passBoundariesBefore(time, first);
    },
    /**
     * Called with a migration's record time before the history moves to the next migration id:
     * the boundaries before it are the old migration's, whether the clock took them before the
     * migration (live) or nothing did (a replay of the journal).
     */
    passMigration(time: Micros): void {
      if (state.nextBoundary === null) return;
      takeBoundariesBefore(time, null);
      passBoundariesBefore(time, state.nextBoundary);
    },
    dueTask,
    /** A snapshot now, at the newest update's record time (Splice's forceAcsSnapshotNow). */
    force(): AcsSnapshot {
      const latest = deps.history.latest();
      if (!latest) {
        throw new DomainError('INVALID_ARGUMENT', 'No updates ever happened for a snapshot.');
      }
      return take(latest.recordTimeMicros, null, true);
    },
    exact: (migrationId: number, time: Micros): AcsSnapshot | undefined =>
      byMigration.get(migrationId)?.find((snapshot) => snapshot.recordTimeMicros === time),
    atOrBefore,
    /** The first snapshot after `time` in `migrationId`, else the first of a later migration. */
    after(migrationId: number, time: Micros): AcsSnapshot | undefined {
      const later = [...byMigration.keys()].filter((id) => id > migrationId).sort((a, b) => a - b);
      const own = byMigration.get(migrationId) ?? [];
      const found = own[lastAtOrBefore(times(own), time) + 1];
      return found ?? later.map((id) => byMigration.get(id)?.[0]).find((s) => s !== undefined);
    },
    /** The newest snapshot at or before `time` of any migration, for bulk storage. */
    newestAtOrBefore(time: Micros): AcsSnapshot | undefined {
      const candidates = [...byMigration.keys()].map((id) => atOrBefore(id, time));
      return candidates
        .filter((snapshot) => snapshot !== undefined)
        .sort(
          (a, b) => b.recordTimeMicros - a.recordTimeMicros || b.migrationId - a.migrationId,
        )[0];
    },
    count: (): number => [...byMigration.values()].reduce((total, list) => total + list.length, 0),
  };
}
