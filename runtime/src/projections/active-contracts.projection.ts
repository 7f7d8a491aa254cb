import type { CreatedNode, JournalRecord } from '@pocketnet/ledger';

export type ActiveContractEntry = {
  readonly node: CreatedNode;
  readonly offset: number;
  readonly synchronizerId: string;
  readonly stakeholders: readonly string[];
};

/**
 * The active contract set as of the ledger end, indexed by stakeholder and by template:
 * what the Ledger API's ACS reads and contract lookups serve.
 */
export type ActiveContracts = {
  apply(record: JournalRecord): void;
  get(contractId: string): ActiveContractEntry | undefined;
  /** Entries visible to any of `parties` (or to anyone when null), in creation order. */
  visibleTo(parties: readonly string[] | null): ActiveContractEntry[];
  byTemplate(templateId: string): ActiveContractEntry[];
  size(): number;
};

export function createActiveContracts(): ActiveContracts {
  const entries = new Map<string, ActiveContractEntry>();
  const byParty = new Map<string, Set<string>>();
  const byTemplate = new Map<string, Set<string>>();

  const index = (map: Map<string, Set<string>>, key: string, contractId: string) => {
    const set = map.get(key);
    if (set) set.add(contractId);
    else map.set(key, new Set([contractId]));
  };
  const unindex = (map: Map<string, Set<string>>, key: string, contractId: string) => {
    const set = map.get(key);
    set?.delete(contractId);
    if (set?.size === 0) map.delete(key);
  };

  const add = (node: CreatedNode, offset: number, synchronizerId: string) => {
    const stakeholders = [...new Set([...node.signatories, ...node.observers])];
    entries.set(node.contractId, { node, offset, synchronizerId, stakeholders });
    for (const party of stakeholders) index(byParty, party, node.contractId);
    index(byTemplate, node.templateId, node.contractId);
  };
  const remove = (contractId: string) => {
    const entry = entries.get(contractId);
    if (!entry) return;
    entries.delete(contractId);
    for (const party of entry.stakeholders) unindex(byParty, party, contractId);
    unindex(byTemplate, entry.node.templateId, contractId);
  };
  const ordered = (ids: Iterable<string>) =>
    [...ids]
      .map((id) => entries.get(id))
      .filter((entry): entry is ActiveContractEntry => entry !== undefined)
      .sort((a, b) => a.offset - b.offset || a.node.nodeId - b.node.nodeId);

  return {
    apply(record) {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (node.kind === 'created') add(node, record.offset, record.synchronizerId);
        else if (node.consuming) remove(node.contractId);
      }
    },
    get: (contractId) => entries.get(contractId),
    visibleTo(parties) {
      if (parties === null) return ordered(entries.keys());
      const ids = new Set<string>();
      for (const party of parties) for (const id of byParty.get(party) ?? []) ids.add(id);
      return ordered(ids);
    },
    byTemplate: (templateId) => ordered(byTemplate.get(templateId) ?? []),
    size: () => entries.size,
  };
}
