import type { CreatedNode, JournalHistory } from '@pocketnet/ledger';
import { createdNodeAt } from '../journal-locations.ts';
import type { ActiveKeys, NetworkContract } from './network-contracts.projection.ts';

/** An active contract as its section keeps it; `party` only where its template is by party. */
type SavedContract = readonly [
  journalIndex: number,
  nodeIndex: number,
  synchronizer: number | null,
  sequence: number,
  contractId: string,
  party?: string,
];

/**
 * The section `scan.network.contracts`: the last sequence given, the synchronizers' ids, and each
 * template's active contracts in creation order: where each was created in the journal, its
 * synchronizer (an index into `synchronizers`, null in flight), sequence and id, and the party
 * it is looked up by. The nodes stay in the journal.
 */
export type SavedContracts = {
  readonly sequence: number;
  readonly synchronizers: readonly string[];
  readonly contracts: readonly (readonly [reference: string, readonly SavedContract[]])[];
};

export function saveContracts(
  sequence: number,
  byReference: ReadonlyMap<string, ReadonlyMap<string, NetworkContract>>,
  keysOfActive: ReadonlyMap<string, ActiveKeys>,
): SavedContracts {
  const synchronizers: string[] = [];
  const synchronizerOf = (id: string | null): number | null => {
    if (id === null) return null;
    const found = synchronizers.indexOf(id);
    return found === -1 ? synchronizers.push(id) - 1 : found;
  };
  const savedOf = (contractId: string, contract: NetworkContract): SavedContract => {
    const { location, synchronizerId, sequence: position } = contract;
    const party = keysOfActive.get(contractId)?.party ?? null;
    const saved = [location[0], location[1], synchronizerOf(synchronizerId), position] as const;
    return party === null ? [...saved, contractId] : [...saved, contractId, party];
  };
  // By reference, so that the text does not depend on which template Scan saw first.
  const references = [...byReference.keys()].sort();
  const contracts = references.flatMap((reference) => {
    const active = [...(byReference.get(reference) ?? [])];
    if (active.length === 0) return [];
    return [[reference, active.map(([id, contract]) => savedOf(id, contract))] as const];
  });
  return { sequence, synchronizers, contracts };
}

/**
 * A restored contract whose node is read from the state's history on first use: a devnet's
 * history leaves hundreds of active development fund coupons, which few reads ever look at.
 */
function restoredContract(
  history: JournalHistory,
  contractId: string,
  fields: Omit<NetworkContract, 'node'>,
): NetworkContract {
  let read: CreatedNode | null = null;
  return {
    get node(): CreatedNode {
      if (read !== null) return read;
      read = createdNodeAt(history, fields.location);
      if (read.contractId !== contractId) {
        throw new Error(`the state's history has another contract than ${contractId} there`);
      }
      return read;
    },
    ...fields,
  };
}

/** Each template's saved contracts, by id, with the party each is looked up by. */
export function savedContractsOf(saved: SavedContracts, history: JournalHistory) {
  const synchronizerAt = (index: number | null): string | null => {
    if (index === null) return null;
    const id = saved.synchronizers[index];
    if (id === undefined) throw new Error(`the contracts' section has no synchronizer ${index}`);
    return id;
  };
  return saved.contracts.map(
    ([reference, contracts]) =>
      [
        reference,
        contracts.map(([journalIndex, nodeIndex, synchronizer, sequence, contractId, party]) => ({
          contractId,
          party: party ?? null,
          contract: restoredContract(history, contractId, {
            synchronizerId: synchronizerAt(synchronizer),
            sequence,
            location: [journalIndex, nodeIndex],
          }),
        })),
      ] as const,
  );
}
