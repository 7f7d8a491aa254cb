import {
  type CreatedNode,
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

export function createRegistryContracts(undo: UndoLog) {
  const byReference = undoableMap<string, Map<string, CreatedNode>>(undo);
  /** reference → party → contract ids. */
  const byParty = undoableMap<string, Map<string, Set<string>>>(undo);
  // Creation order, which a contract a rollback brings back takes again.
  const sequenceOf = new WeakMap<CreatedNode, number>();
  let created = 0;
  const bySequence = (left: CreatedNode, right: CreatedNode) =>
    (sequenceOf.get(left) ?? 0) - (sequenceOf.get(right) ?? 0);
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
    const contracts = undoableMap<string, CreatedNode>(undo, {
      order: ([, left], [, right]) => bySequence(left, right),
    });
    byReference.set(reference, contracts);
    return contracts;
  };
  const add = (reference: string, node: CreatedNode) => {
    // Only ever grows, so a contract created again after a rollback sorts after the others.
    created += 1;
    sequenceOf.set(node, created);
    contractsOf(reference).set(node.contractId, node);
    const field = tracked.get(reference);
    if (field == null) return;
    const index = partyIndex(reference);
    const party = partyOf(node, field);
    const ids = index.get(party);
    if (ids) ids.add(node.contractId);
    else index.set(party, undoableSet(undo, [node.contractId]));
  };
  const remove = (reference: string, contractId: string) => {
    const node = byReference.get(reference)?.get(contractId);
    if (node === undefined) return;
    byReference.get(reference)?.delete(contractId);
    const field = tracked.get(reference);
    if (field != null) byParty.get(reference)?.get(partyOf(node, field))?.delete(contractId);
  };
  return {
    apply(record: JournalRecord): void {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (node.kind !== 'created' && !node.consuming) continue;
        const reference = referenceOf(node);
        if (!tracked.has(reference)) continue;
        if (node.kind === 'created') add(reference, node);
        else remove(reference, node.contractId);
      }
    },
    active: (reference: RegistryReference): CreatedNode[] => [
      ...(byReference.get(reference)?.values() ?? []),
    ],
    /** The active contracts of `reference` whose party field names `party`. */
    ofParty(reference: RegistryReference, party: string): CreatedNode[] {
      const ids = byParty.get(reference)?.get(party) ?? new Set<string>();
      const contracts = byReference.get(reference);
      // Sorted: an id a rollback brought back is at the end of its set.
      return [...ids]
        .flatMap((id) => {
          const node = contracts?.get(id);
          return node === undefined ? [] : [node];
        })
        .sort(bySequence);
    },
  };
}

export type RegistryContracts = ReturnType<typeof createRegistryContracts>;
