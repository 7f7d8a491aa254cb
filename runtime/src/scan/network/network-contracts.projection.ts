import {
  type CreatedNode,
  type JournalHistory,
  type JournalRecord,
  type TransactionNode,
  type UndoLog,
  undoableMap,
  undoableSet,
  type Value,
} from '@pocketnet/ledger';
import {
  ansTemplates,
  externalPartyAmuletRulesTemplates,
  featuredAppRightTemplate,
  memberTrafficTemplate,
  transferPreapprovalTemplate,
  validatorLicenseTemplates,
} from '../../vocabulary/splice-templates.ts';
import { fieldOf } from '../../vocabulary/typed-commands.ts';
import type { NodeLocation } from '../journal-locations.ts';
import {
  type SavedContracts,
  saveContracts,
  savedContractsOf,
} from './network-contracts.section.ts';
import {
  createReferenceCache,
  type NetworkReference,
  networkReferences,
  type ReferenceOf,
} from './network-references.ts';

/** An active contract as Scan serves it: where it lives and when Scan saw it, in order. */
export type NetworkContract = {
  readonly node: CreatedNode;
  /** Null while the contract is in flight between two synchronizers. */
  readonly synchronizerId: string | null;
  /** Position among the tracked contracts in creation order: the paging token of lists. */
  readonly sequence: number;
  /** Where its created node is in the journal: what a state section saves of it. */
  readonly location: NodeLocation;
};

/** Where the record a projection is applying was committed, and its index in the journal. */
export type RecordPlace = { readonly synchronizerId: string; readonly journalIndex: number };

const refs = networkReferences;

/** The payload field naming the party a lookup asks for, for the templates looked up by party. */
const partyFields: ReadonlyMap<string, (payload: Value) => string> = new Map<
  NetworkReference,
  (payload: Value) => string
>([
  [refs.ansEntry, fieldOf(ansTemplates.AnsEntry, (entry) => entry.user)],
  [refs.featuredAppRight, fieldOf(featuredAppRightTemplate, (right) => right.provider)],
  [refs.transferPreapproval, fieldOf(transferPreapprovalTemplate, (approval) => approval.receiver)],
  [refs.validatorLicense, fieldOf(validatorLicenseTemplates.ValidatorLicense, (l) => l.validator)],
  [refs.memberTraffic, fieldOf(memberTrafficTemplate, (traffic) => traffic.memberId)],
  [
    refs.transferCommandCounter,
    fieldOf(externalPartyAmuletRulesTemplates.TransferCommandCounter, (counter) => counter.sender),
  ],
]);

const tracked: ReadonlySet<string> = new Set<string>(Object.values(refs));

const partyOf = (node: CreatedNode, field: (payload: Value) => string): string =>
  field(node.createArgument);

/** What finds an active contract in the indexes: its template, and its party where indexed. */
export type ActiveKeys = { readonly reference: string; readonly party: string | null };

/**
 * The active contracts of the templates Scan's network view serves, by template and, for some,
 * by party, in creation order. Contracts of every other template cost nothing here.
 */
export function createNetworkContracts(
  undo: UndoLog,
  referenceOf: ReferenceOf = createReferenceCache(),
) {
  const byReference = undoableMap<string, Map<string, NetworkContract>>(undo);
  const byParty = undoableMap<string, Map<string, Set<string>>>(undo);
  /** Each active contract's template, and the party it is indexed by (if its template is). */
  const keysOfActive = undoableMap<string, ActiveKeys>(undo);
  const counter = { sequence: 0 };
  const contractsOf = (reference: string) => {
    const found = byReference.get(reference);
    if (found) return found;
    // Lists are served oldest first: a contract a rollback brings back goes back in its place.
    const contracts = undoableMap<string, NetworkContract>(undo, {
      order: ([, left], [, right]) => left.sequence - right.sequence,
    });
    byReference.set(reference, contracts);
    return contracts;
  };
  const partyIndexOf = (reference: string) => {
    const found = byParty.get(reference);
    if (found) return found;
    const index = undoableMap<string, Set<string>>(undo);
    byParty.set(reference, index);
    return index;
  };
  const indexActive = (contractId: string, keys: ActiveKeys) => {
    keysOfActive.set(contractId, keys);
    const { reference, party } = keys;
    if (party === null) return;
    const byPartyOfReference = partyIndexOf(reference);
    const ids = byPartyOfReference.get(party);
    if (ids) ids.add(contractId);
    else byPartyOfReference.set(party, undoableSet(undo, [contractId]));
  };
  const add = (reference: string, node: CreatedNode, place: RecordPlace) => {
    const sequence = counter.sequence + 1;
    undo.assign(counter, 'sequence', sequence);
    const { synchronizerId, journalIndex } = place;
    const location = [journalIndex, node.nodeId] as const;
    contractsOf(reference).set(node.contractId, { node, synchronizerId, sequence, location });
    const field = partyFields.get(reference);
    indexActive(node.contractId, { reference, party: field ? partyOf(node, field) : null });
  };
  const remove = (contractId: string) => {
    const keys = keysOfActive.get(contractId);
    if (keys === undefined) return;
    keysOfActive.delete(contractId);
    const { reference, party } = keys;
    byReference.get(reference)?.delete(contractId);
    if (party !== null) byParty.get(reference)?.get(party)?.delete(contractId);
  };
  const onNode = (reference: string, node: TransactionNode, place: RecordPlace) => {
    if (node.kind === 'created') {
      if (tracked.has(reference)) add(reference, node, place);
    } else if (node.consuming) {
      remove(node.contractId);
    }
  };
  return {
    /** One node of a committed transaction, its template's reference already known. */
    onNode,
    /** A reassignment moved a contract: onto `synchronizerId`, or in flight (null). */
    relocate(contractId: string, synchronizerId: string | null): void {
      const reference = keysOfActive.get(contractId)?.reference;
      const contracts = reference === undefined ? undefined : byReference.get(reference);
      const contract = contracts?.get(contractId);
      if (contract !== undefined) contracts?.set(contractId, { ...contract, synchronizerId });
    },
    /** A whole record, at `journalIndex` of the journal (tests; the node projects by node). */
    apply(record: JournalRecord, journalIndex: number): void {
      if (record.type !== 'transaction') return;
      const place = { synchronizerId: record.synchronizerId, journalIndex };
      for (const node of record.nodes) onNode(referenceOf(node), node, place);
    },
    /** The active contracts of a template, oldest first. */
    active: (reference: NetworkReference): NetworkContract[] => [
      ...(byReference.get(reference)?.values() ?? []),
    ],
    /** The active contracts of a template whose party field names `party`, oldest first. */
    ofParty(reference: NetworkReference, party: string): NetworkContract[] {
      const ids = byParty.get(reference)?.get(party) ?? new Set<string>();
      const contracts = byReference.get(reference);
      // Sorted: an id a rollback brought back is at the end of its set.
      return [...ids]
        .flatMap((id) => {
          const contract = contracts?.get(id);
          return contract === undefined ? [] : [contract];
        })
        .sort((left, right) => left.sequence - right.sequence);
    },
    /** An active contract of a given template, by id. */
    get(reference: NetworkReference, contractId: string): NetworkContract | undefined {
      return byReference.get(reference)?.get(contractId);
    },
    save: (): SavedContracts => saveContracts(counter.sequence, byReference, keysOfActive),
    restore(saved: SavedContracts, history: JournalHistory): void {
      counter.sequence = saved.sequence;
      for (const [reference, contracts] of savedContractsOf(saved, history)) {
        const active = contractsOf(reference);
        for (const { contractId, contract, party } of contracts) {
          active.set(contractId, contract);
          indexActive(contractId, { reference, party });
        }
      }
    },
  };
}

export type NetworkContracts = ReturnType<typeof createNetworkContracts>;
