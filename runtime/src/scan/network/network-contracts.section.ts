import type { JournalHistory } from '@pocketnet/ledger';
import { createdNodeAt } from '../journal-locations.ts';
import type { NetworkContract } from './network-contracts.projection.ts';

/**
 * The section `scan.network.contracts`: the last sequence given, the synchronizers' ids, and each
 * template's active contracts in creation order as [journal index, node index, synchronizer
 * (its index in `synchronizers`, null in flight), sequence]. The nodes stay in the journal.
 */
export type SavedContracts = {
  readonly sequence: number;
  readonly synchronizers: readonly string[];
  readonly contracts: readonly (readonly [
    reference: string,
    contracts: readonly (readonly [number, number, number | null, number])[],
  ])[];
};

export function saveContracts(
  sequence: number,
  byReference: ReadonlyMap<string, ReadonlyMap<string, NetworkContract>>,
): SavedContracts {
  const synchronizers: string[] = [];
  const synchronizerOf = (id: string | null): number | null => {
    if (id === null) return null;
    const found = synchronizers.indexOf(id);
    return found === -1 ? synchronizers.push(id) - 1 : found;
  };
  // By reference, so that the text does not depend on which template Scan saw first.
  const references = [...byReference.keys()].sort();
  const contracts = references.flatMap((reference) => {
    const active = [...(byReference.get(reference)?.values() ?? [])];
    if (active.length === 0) return [];
    const saved = active.map(
      ({ location, synchronizerId, sequence: position }) =>
        [location[0], location[1], synchronizerOf(synchronizerId), position] as const,
    );
    return [[reference, saved] as const];
  });
  return { sequence, synchronizers, contracts };
}

/** Each template's saved contracts, their created nodes read back from `history`. */
export function savedContractsOf(
  saved: SavedContracts,
  history: JournalHistory,
): [string, NetworkContract[]][] {
  const synchronizerAt = (index: number | null): string | null => {
    if (index === null) return null;
    const id = saved.synchronizers[index];
    if (id === undefined) throw new Error(`the contracts' section has no synchronizer ${index}`);
    return id;
  };
  return saved.contracts.map(([reference, contracts]) => [
    reference,
    contracts.map(([journalIndex, nodeIndex, synchronizer, sequence]) => {
      const location = [journalIndex, nodeIndex] as const;
      const node = createdNodeAt(history, location);
      return { node, synchronizerId: synchronizerAt(synchronizer), sequence, location };
    }),
  ]);
}
