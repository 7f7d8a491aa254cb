import type {
  CreatedNode,
  ExercisedNode,
  JournalRecord,
  TransactionRecord,
} from '@pocketnet/ledger';

type NodeRef = { readonly record: TransactionRecord; readonly nodeId: number };

export type ContractEvents = {
  readonly created: { readonly record: TransactionRecord; readonly node: CreatedNode };
  readonly archived: { readonly record: TransactionRecord; readonly node: ExercisedNode } | null;
};

/** Where each contract was created and archived: events-by-contract-id and contract lookups. */
export function createContractEventsIndex() {
  const index = new Map<string, { created: NodeRef; archived: NodeRef | null }>();
  return {
    apply(record: JournalRecord) {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (node.kind === 'created') {
          index.set(node.contractId, { created: { record, nodeId: node.nodeId }, archived: null });
        } else if (node.consuming) {
          const entry = index.get(node.contractId);
          if (entry) entry.archived = { record, nodeId: node.nodeId };
        }
      }
    },
    get(contractId: string): ContractEvents | undefined {
      const entry = index.get(contractId);
      if (!entry) return undefined;
      const created = entry.created.record.nodes[entry.created.nodeId];
      const archived = entry.archived
        ? entry.archived.record.nodes[entry.archived.nodeId]
        : undefined;
      if (created?.kind !== 'created') return undefined;
      return {
        created: { record: entry.created.record, node: created },
        archived:
          entry.archived && archived?.kind === 'exercised'
            ? { record: entry.archived.record, node: archived }
            : null,
      };
    },
  };
}

export type ContractEventsIndex = ReturnType<typeof createContractEventsIndex>;
