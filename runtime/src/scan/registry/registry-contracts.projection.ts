import {
  type CreatedNode,
  type JournalHistory,
  type JournalRecord,
  type UndoLog,
  undoableMap,
  undoableSet,
  type Value,
} from '@pocketnet/ledger';
import {
  featuredAppRightTemplate,
  transferPreapprovalTemplate,
} from '../../vocabulary/splice-templates.ts';
import { fieldOf } from '../../vocabulary/typed-commands.ts';
import { createdNodeAt, type NodeLocation } from '../journal-locations.ts';
import { type RegistryReference, referenceOf, registryReferences } from './registry-references.ts';

// The few reference contracts a choice context discloses, kept active by template (and by party
// where a context needs the one of a given party), in creation order.

/** The templates kept, and the payload field whose party a lookup asks for, if any. */
type PartyField = ((payload: Value) => string) | null;
const tracked: ReadonlyMap<string, PartyField> = new Map<RegistryReference, PartyField>([
  [registryReferences.amuletRules, null],
  [registryReferences.openMiningRound, null],
  [registryReferences.externalPartyConfigState, null],
  [registryReferences.externalPartyAmuletRules, null],
  [
    registryReferences.featuredAppRight,
    fieldOf(featuredAppRightTemplate, (right) => right.provider),
  ],
  [
    registryReferences.transferPreapproval,
    fieldOf(transferPreapprovalTemplate, (preapproval) => preapproval.receiver),
  ],
]);

const partyOf = (node: CreatedNode, field: (payload: Value) => string): string =>
  field(node.createArgument);

/** An active contract the registry keeps, where it is in the journal, and its creation order. */
type RegistryEntry = {
  readonly node: CreatedNode;
  readonly location: NodeLocation;
  readonly sequence: number;
};

/**
 * The section `scan.registry.contracts`: each template's active contracts in creation order, as
 * where their created nodes are in the journal.
 */
type SavedRegistryContracts = readonly (readonly [
  reference: string,
  locations: readonly NodeLocation[],
])[];

export function createRegistryContracts(undo: UndoLog) {
  const byReference = undoableMap<string, Map<string, RegistryEntry>>(undo);
  /** reference → party → contract ids. */
  const byParty = undoableMap<string, Map<string, Set<string>>>(undo);
  // Only ever grows, so a contract created again after a rollback sorts after the others.
  let created = 0;
  const bySequence = (left: RegistryEntry, right: RegistryEntry) => left.sequence - right.sequence;
  const partyIndex = (reference: string) => {
    const found = byParty.get(reference);
    if (found) return found;
    const index = undoableMap<string, Set<string>>(undo);
    byParty.set(reference, index);
    return index;
  };
  const contractsOf = (reference: string) => {
    const found = byReference.get(reference);
    if (found) return found;
    // Creation order, which a contract a rollback brings back takes again.
    const contracts = undoableMap<string, RegistryEntry>(undo, {
      order: ([, left], [, right]) => bySequence(left, right),
    });
    byReference.set(reference, contracts);
    return contracts;
  };
  const add = (reference: string, node: CreatedNode, location: NodeLocation) => {
    created += 1;
    contractsOf(reference).set(node.contractId, { node, location, sequence: created });
    const field = tracked.get(reference);
    if (field == null) return;
    const index = partyIndex(reference);
    const party = partyOf(node, field);
    const ids = index.get(party);
    if (ids) ids.add(node.contractId);
    else index.set(party, undoableSet(undo, [node.contractId]));
  };
  const remove = (reference: string, contractId: string) => {
    const entry = byReference.get(reference)?.get(contractId);
    if (entry === undefined) return;
    byReference.get(reference)?.delete(contractId);
    const field = tracked.get(reference);
    if (field != null) byParty.get(reference)?.get(partyOf(entry.node, field))?.delete(contractId);
  };
  return {
    /** A record, at `journalIndex` of the journal. */
    apply(record: JournalRecord, journalIndex: number): void {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (node.kind !== 'created' && !node.consuming) continue;
        const reference = referenceOf(node);
        if (!tracked.has(reference)) continue;
        if (node.kind === 'created') add(reference, node, [journalIndex, node.nodeId]);
        else remove(reference, node.contractId);
      }
    },
    active: (reference: RegistryReference): CreatedNode[] =>
      [...(byReference.get(reference)?.values() ?? [])].map((entry) => entry.node),
    /** The active contracts of `reference` whose party field names `party`. */
    ofParty(reference: RegistryReference, party: string): CreatedNode[] {
      const ids = byParty.get(reference)?.get(party) ?? new Set<string>();
      const contracts = byReference.get(reference);
      // Sorted: an id a rollback brought back is at the end of its set.
      return [...ids]
        .flatMap((id) => {
          const entry = contracts?.get(id);
          return entry === undefined ? [] : [entry];
        })
        .sort(bySequence)
        .map((entry) => entry.node);
    },
    save(): SavedRegistryContracts {
      // By reference, so that the text does not depend on which template came first.
      return [...byReference.keys()].sort().flatMap((reference) => {
        const entries = [...(byReference.get(reference)?.values() ?? [])];
        return entries.length === 0
          ? []
          : [[reference, entries.map((entry) => entry.location)] as const];
      });
    },
    restore(saved: SavedRegistryContracts, history: JournalHistory): void {
      for (const [reference, locations] of saved) {
        for (const location of locations)
          add(reference, createdNodeAt(history, location), location);
      }
    },
  };
}

export type RegistryContracts = ReturnType<typeof createRegistryContracts>;
