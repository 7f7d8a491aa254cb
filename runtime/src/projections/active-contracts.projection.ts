import {
  type CreatedNode,
  type JournalRecord,
  type UndoLog,
  undoableMap,
  undoableSet,
} from '@pocketnet/ledger';
import type { ContractEventsIndex } from './contract-events.projection.ts';
import {
  type CreatedEvent,
  type CreatedRef,
  createdEventAt,
  createdRefOf,
} from './contract-refs.ts';
import type { UpdateLog } from './update-log.projection.ts';

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
type StakeholderGroup = { readonly parties: readonly string[]; readonly refs: Set<CreatedRef> };

/**
 * The section: each group's stakeholders and its contracts' refs, groups by their key and refs
 * ascending (creation order), whatever order a revert left them in.
 */
export type SavedActiveContracts = readonly (readonly [readonly string[], readonly CreatedRef[]])[];

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
    add(parties: readonly string[], ref: CreatedRef): void {
      const key = groupKey(parties);
      const group = groups.get(key);
      if (group) group.refs.add(ref);
      else groups.set(key, { parties: [...parties], refs: undoableSet(undo, [ref]) });
      undo.assign(counted, 'count', counted.count + 1);
    },
    remove(parties: readonly string[], ref: CreatedRef): void {
      const key = groupKey(parties);
      const group = groups.get(key);
      if (group?.refs.delete(ref) !== true) return;
      undo.assign(counted, 'count', counted.count - 1);
      if (group.refs.size === 0) groups.delete(key);
    },
    /** Refs of the contracts any of `parties` (anyone, when null) is a stakeholder of. */
    visibleTo(parties: readonly string[] | null): CreatedRef[] {
      const refs: CreatedRef[] = [];
      for (const group of groups.values()) {
        if (parties !== null && !group.parties.some((party) => parties.includes(party))) continue;
        for (const ref of group.refs) refs.push(ref);
      }
      return refs;
    },
    size: () => counted.count,
    save: (): SavedActiveContracts =>
      [...groups]
        .sort(([left], [right]) => (left < right ? -1 : 1))
        .map(([, group]) => [group.parties, [...group.refs].sort((a, b) => a - b)] as const),
    restore(saved: SavedActiveContracts): void {
      for (const [parties, refs] of saved) {
        groups.set(groupKey(parties), { parties, refs: undoableSet(undo, refs) });
        counted.count += refs.length;
      }
    },
  };
}

/**
 * Who sees which active contract, each named by its create (offset and node): the contracts
 * themselves are one index away in the update log, and archives find their create through
 * the contract events index.
 */
export function createActiveContracts(
  deps: { readonly updateLog: UpdateLog; readonly contractEvents: ContractEventsIndex },
  undo: UndoLog,
): ActiveContracts {
  const groups = createStakeholderGroups(undo);
  undo.section<SavedActiveContracts>('projections.active-contracts', {
    save: groups.save,
    restore: groups.restore,
  });
  const entryOf = ({ record, node }: CreatedEvent): ActiveContractEntry => ({
    node,
    offset: record.offset,
    synchronizerId: record.synchronizerId,
  });
  return {
    apply(record) {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (node.kind === 'created')
          groups.add(stakeholdersOf(node), createdRefOf(record.offset, node.nodeId));
        // An exercise names the stakeholders of the contract it acts on.
        else if (node.consuming) {
          const ref = deps.contractEvents.createdRefOfExercised(node.contractId);
          if (ref !== undefined) groups.remove(node.stakeholders, ref);
        }
      }
    },
    get(contractId) {
      const events = deps.contractEvents.get(contractId);
      return events === undefined || events.archived !== null ? undefined : entryOf(events.created);
    },
    visibleTo: (parties) =>
      groups
        .visibleTo(parties)
        .sort((a, b) => a - b)
        .flatMap((ref) => {
          const created = createdEventAt(deps.updateLog, ref);
          return created ? [entryOf(created)] : [];
        }),
    size: groups.size,
  };
}
