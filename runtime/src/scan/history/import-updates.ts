import { type CreatedNode, sha256Hex, type UndoLog, undoableMap } from '@pocketnet/ledger';
import { acsKeyOf } from './acs-entries.ts';

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

/** What an import keeps: its contract's create as a key (offset and node id), not the node. */
type KeptImport = readonly [updateId: string, synchronizerId: string, createKey: number];

/**
 * The import updates of each migration: when the global synchronizer migrates, every active
 * contract is re-imported on the new one, one update a contract, sorted by update id. They
 * share one record time, so Scan serves them apart from the updates it pages by record time.
 */
export function createImportUpdates(deps: {
  readonly undo: UndoLog;
  /** The created node a key names (the update log's). */
  readonly createdAt: (key: number) => CreatedNode | undefined;
}) {
  const byMigration = undoableMap<number, readonly KeptImport[]>(deps.undo);
  deps.undo.section<[number, readonly KeptImport[]][]>('scan.history.imports', {
    save: () => [...byMigration],
    restore(saved) {
      for (const [migrationId, imports] of saved) byMigration.set(migrationId, imports);
    },
  });
  const updateOf = (migrationId: number, kept: KeptImport): ImportUpdate[] => {
    const [updateId, synchronizerId, key] = kept;
    const node = deps.createdAt(key);
    return node ? [{ updateId, migrationId, synchronizerId, node }] : [];
  };
  return {
    /** Imports `contracts` as the import updates of `migrationId` (a migration just happened). */
    importAll(
      migrationId: number,
      contracts: Iterable<{
        readonly node: CreatedNode;
        /** The offset of the transaction that created it. */
        readonly offset: number;
        readonly synchronizerId: string;
      }>,
    ): void {
      const imports: KeptImport[] = [];
      for (const { node, offset, synchronizerId } of contracts) {
        const updateId = `1220${sha256Hex(['import-update', migrationId, node.contractId])}`;
        imports.push([updateId, synchronizerId, acsKeyOf(offset, node.nodeId)]);
      }
      imports.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      byMigration.set(migrationId, imports);
    },
    /** Up to `limit` import updates of a migration with an update id after `afterUpdateId`. */
    page(migrationId: number, afterUpdateId: string, limit: number): ImportUpdate[] {
      const imports = byMigration.get(migrationId) ?? [];
      return imports
        .filter(([updateId]) => updateId > afterUpdateId)
        .slice(0, limit)
        .flatMap((kept) => updateOf(migrationId, kept));
    },
    /** The last import update's id (by update id), if the migration imported any. */
    lastUpdateId: (migrationId: number): string | undefined =>
      byMigration.get(migrationId)?.at(-1)?.[0],
    count: (migrationId: number): number => byMigration.get(migrationId)?.length ?? 0,
  };
}

export type ImportUpdates = ReturnType<typeof createImportUpdates>;
