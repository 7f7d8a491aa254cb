import type { CreatedNode, JournalRecord, Value } from '@pocketnet/ledger';
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

export function createRegistryContracts() {
  const byReference = new Map<string, Map<string, CreatedNode>>();
  /** reference → party → contract ids. */
  const byParty = new Map<string, Map<string, Set<string>>>();
  const partyIndex = (reference: string) => {
    const index = byParty.get(reference) ?? new Map<string, Set<string>>();
    byParty.set(reference, index);
    return index;
  };
  const add = (reference: string, node: CreatedNode) => {
    const contracts = byReference.get(reference) ?? new Map<string, CreatedNode>();
    contracts.set(node.contractId, node);
    byReference.set(reference, contracts);
    const field = tracked.get(reference);
    if (field == null) return;
    const index = partyIndex(reference);
    const party = partyOf(node, field);
    index.set(party, (index.get(party) ?? new Set()).add(node.contractId));
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
      return [...ids].flatMap((id) => {
        const node = contracts?.get(id);
        return node === undefined ? [] : [node];
      });
    },
  };
}

export type RegistryContracts = ReturnType<typeof createRegistryContracts>;
