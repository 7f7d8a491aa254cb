import {
  type CreatedNode,
  type JournalRecord,
  type UndoLog,
  undoableMap,
  undoableSet,
} from '@pocketnet/ledger';
import type { ContractEventsIndex } from './contract-events.projection.ts';

export type ActiveContractEntry = {
  readonly node: CreatedNode;
  readonly offset: number;
  readonly synchronizerId: string;
};

/**
 * The active contract set as of the ledger end, indexed by stakeholder: what the Ledger API's
 * ACS reads serve.
 */
export type ActiveContracts = {
  apply(record: JournalRecord): void;
  get(contractId: string): ActiveContractEntry | undefined;
  /** Entries visible to any of `parties` (or to anyone when null), in creation order. */
  visibleTo(parties: readonly string[] | null): ActiveContractEntry[];
  size(): number;
};

/** A created contract's stakeholders, each once (observers never repeat a signatory). */
export function stakeholdersOf(node: CreatedNode): readonly string[] {
  if (node.observers.length === 0) return node.signatories;
  return [...new Set([...node.signatories, ...node.observers])];
}

/** The stakeholders of contracts that share them, and which active contracts those are. */
type StakeholderGroup = { readonly parties: readonly string[]; readonly contractIds: Set<string> };

function isSortedSet(parties: readonly string[]): boolean {
  return parties.every((party, index) => index === 0 || (parties[index - 1] ?? '') < party);
}

/** The stakeholders as a sorted set, which they mostly are already; party ids hold no newline. */
function groupKey(parties: readonly string[]): string {
  return (isSortedSet(parties) ? parties : [...new Set(parties)].sort()).join('\n');
}

/**
 * Which active contracts each group of stakeholders has: one set entry per contract, where a
 * set per party would take one per stakeholder, and contracts share their stakeholders far
 * more often than not.
 */
function createStakeholderGroups(undo: UndoLog) {
  // Reads sort what they find, so the order a revert leaves the groups in does not show.
  const groups = undoableMap<string, StakeholderGroup>(undo);
  const counted = { count: 0 };
  return {
    add(parties: readonly string[], contractId: string): void {
      const key = groupKey(parties);
      const group = groups.get(key);
      if (group) group.contractIds.add(contractId);
      else groups.set(key, { parties: [...parties], contractIds: undoableSet(undo, [contractId]) });
      undo.assign(counted, 'count', counted.count + 1);
    },
    remove(parties: readonly string[], contractId: string): void {
      const key = groupKey(parties);
      const group = groups.get(key);
      if (group?.contractIds.delete(contractId) !== true) return;
      undo.assign(counted, 'count', counted.count - 1);
      if (group.contractIds.size === 0) groups.delete(key);
    },
    /** Ids of the contracts any of `parties` (anyone, when null) is a stakeholder of. */
    visibleTo(parties: readonly string[] | null): Set<string> {
      const ids = new Set<string>();
      for (const group of groups.values()) {
        if (parties !== null && !group.parties.some((party) => parties.includes(party))) continue;
        for (const id of group.contractIds) ids.add(id);
      }
      return ids;
    },
    size: () => counted.count,
  };
}

/**
 * The contracts themselves, with the records that created them, come from the contract events
 * index, which holds every created node already: this keeps only who sees which.
 */
export function createActiveContracts(
  contractEvents: ContractEventsIndex,
  undo: UndoLog,
): ActiveContracts {
  const groups = createStakeholderGroups(undo);
  const get = (contractId: string): ActiveContractEntry | undefined => {
    const events = contractEvents.get(contractId);
    if (events === undefined || events.archived !== null) return undefined;
    const { record, node } = events.created;
    return { node, offset: record.offset, synchronizerId: record.synchronizerId };
  };
  return {
    apply(record) {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (node.kind === 'created') groups.add(stakeholdersOf(node), node.contractId);
        // An exercise names the stakeholders of the contract it acts on.
        else if (node.consuming) groups.remove(node.stakeholders, node.contractId);
      }
    },
    get,
    visibleTo: (parties) =>
      [...groups.visibleTo(parties)]
        .map(get)
        .filter((entry): entry is ActiveContractEntry => entry !== undefined)
        .sort((a, b) => a.offset - b.offset || a.node.nodeId - b.node.nodeId),
    size: groups.size,
  };
}
