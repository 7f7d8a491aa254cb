import {
  archivingNodeIn,
  type CreatedNode,
  createdNodeIn,
  type ExercisedNode,
  type JournalRecord,
  type TransactionRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';

/**
 * A contract's entry: while it is active, the record that created it (no object of its own);
 * once archived, that record and the one that archived it. Nodes are found in their records.
 */
type Entry =
  | TransactionRecord
  | { readonly created: TransactionRecord; readonly archived: TransactionRecord };

export type ContractEvents = {
  readonly created: { readonly record: TransactionRecord; readonly node: CreatedNode };
  readonly archived: { readonly record: TransactionRecord; readonly node: ExercisedNode } | null;
};

function archive(entry: Entry | undefined, archived: TransactionRecord): Entry | undefined {
  if (entry === undefined || 'archived' in entry) return entry;
  return { created: entry, archived };
}

/** Where each contract was created and archived: events-by-contract-id and contract lookups. */
export function createContractEventsIndex(undo: UndoLog) {
  const index = undoableMap<string, Entry>(undo);
  return {
    apply(record: JournalRecord) {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (node.kind === 'created') {
          index.set(node.contractId, record);
        } else if (node.consuming) {
          const entry = archive(index.get(node.contractId), record);
          if (entry !== undefined) index.set(node.contractId, entry);
        }
      }
    },
    get(contractId: string): ContractEvents | undefined {
      const entry = index.get(contractId);
      if (entry === undefined) return undefined;
      const createdIn = 'archived' in entry ? entry.created : entry;
      const created = createdNodeIn(createdIn, contractId);
      if (created === undefined) return undefined;
      if (!('archived' in entry))
        return { created: { record: createdIn, node: created }, archived: null };
      const archived = archivingNodeIn(entry.archived, contractId);
      return {
        created: { record: createdIn, node: created },
        archived: archived === undefined ? null : { record: entry.archived, node: archived },
      };
    },
  };
}

export type ContractEventsIndex = ReturnType<typeof createContractEventsIndex>;
