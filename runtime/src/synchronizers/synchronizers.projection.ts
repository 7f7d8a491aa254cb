import {
  type AdminRecord,
  createSynchronizerState,
  type JournalRecord,
  type SavedSynchronizerState,
  type StateSection,
  type SynchronizerState,
  type UndoLog,
} from '@pocketnet/ledger';
import type { SynchronizerInfo } from './synchronizer-set.ts';

/** The admin change a synchronizer migration is journaled as (no offset: nothing on the ledger). */
export const synchronizerMigratedKind = 'synchronizer.migrated';

export type SynchronizerMigrated = {
  readonly kind: typeof synchronizerMigratedKind;
  readonly synchronizerId: string;
  /** The migration id the synchronizer moves to. */
  readonly migrationId: number;
};

export type SavedSynchronizers = {
  readonly migrationId: number;
  readonly state: SavedSynchronizerState;
};

export type MigrationRecord = AdminRecord & { readonly change: SynchronizerMigrated };

export const isMigrationRecord = (record: JournalRecord): record is MigrationRecord =>
  record.type === 'admin' && record.change.kind === synchronizerMigratedKind;

/**
 * The node's synchronizers and what the bus says about them: where each contract is, which
 * synchronizers host each party, and the global synchronizer's migration id.
 */
export function createSynchronizers(infos: readonly SynchronizerInfo[], undo: UndoLog) {
  const [global] = infos;
  if (global === undefined) throw new Error('a node has at least the global synchronizer');
  const state: SynchronizerState = createSynchronizerState(global.id, undo);
  const migration = { id: 0 };
  const byId = new Map(infos.map((info) => [info.id, info]));
  return {
    apply(record: JournalRecord): void {
      state.apply(record);
      if (isMigrationRecord(record)) undo.assign(migration, 'id', record.change.migrationId);
    },
    /**
     * Its state section (issue 23), which points at unassignments in flight by their journal
     * index (`journalIndexOf` an offset).
     */
    section: (journalIndexOf: (offset: number) => number): StateSection<SavedSynchronizers> => ({
      save: () => ({ migrationId: migration.id, state: state.save(journalIndexOf) }),
      restore(saved, history) {
        migration.id = saved.migrationId;
        state.restore(saved.state, history);
      },
    }),
    list: infos,
    ids: infos.map((info) => info.id),
    global,
    byId: (id: string): SynchronizerInfo | undefined => byId.get(id),
    state,
    /** The global synchronizer's migration id: 0, and one more after each migration. */
    migrationId: () => migration.id,
    /** The synchronizers hosting a party, in the node's order. */
    hostsOf(party: string): SynchronizerInfo[] {
      const hosting = state.synchronizersOf(party);
      return infos.filter((info) => hosting.has(info.id));
    },
  };
}

export type Synchronizers = ReturnType<typeof createSynchronizers>;
