import { type CreatedNode, sha256Hex, type UndoLog, undoableMap } from '@pocketnet/ledger';

/**
 * A contract the new migration's participant imported: one update of its own, at Canton's
 * minimum timestamp.
 */
export type ImportUpdate = {
  readonly updateId: string;
  readonly migrationId: number;
  readonly synchronizerId: string;
  readonly node: CreatedNode;
};

/**
 * The import updates of each migration: when the global synchronizer migrates, every active
 * contract is re-imported on the new one, one update a contract, sorted by update id. They
 * share one record time, so Scan serves them apart from the updates it pages by record time.
 */
export function createImportUpdates(undo: UndoLog) {
  const byMigration = undoableMap<number, ImportUpdate[]>(undo);
  return {
    /** Imports `contracts` as the import updates of `migrationId` (a migration just happened). */
    importAll(
      migrationId: number,
      contracts: Iterable<{ readonly node: CreatedNode; readonly synchronizerId: string }>,
    ): void {
      const updates: ImportUpdate[] = [];
      for (const { node, synchronizerId } of contracts) {
        const updateId = `1220${sha256Hex(['import-update', migrationId, node.contractId])}`;
        updates.push({ updateId, migrationId, synchronizerId, node });
      }
      updates.sort((a, b) => (a.updateId < b.updateId ? -1 : a.updateId > b.updateId ? 1 : 0));
      byMigration.set(migrationId, updates);
    },
    /** Up to `limit` import updates of a migration with an update id after `afterUpdateId`. */
    page(migrationId: number, afterUpdateId: string, limit: number): ImportUpdate[] {
      const updates = byMigration.get(migrationId) ?? [];
      return updates.filter((update) => update.updateId > afterUpdateId).slice(0, limit);
    },
    /** The last import update's id (by update id), if the migration imported any. */
    lastUpdateId: (migrationId: number): string | undefined =>
      byMigration.get(migrationId)?.at(-1)?.updateId,
    count: (migrationId: number): number => byMigration.get(migrationId)?.length ?? 0,
  };
}

export type ImportUpdates = ReturnType<typeof createImportUpdates>;
