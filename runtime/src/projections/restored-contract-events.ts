import { type UndoLog, undoableMap } from '@pocketnet/ledger';
import {
  forEachSavedContract,
  type KeyedContracts,
  type SavedContractEvents,
} from './contract-events-section.ts';
import { type CreatedRef, createdEventAt } from './contract-refs.ts';
import type { UpdateLog } from './update-log.projection.ts';

/** A contract's create and the offset that archived it (0 while active). */
export type ContractEventRefs = readonly [CreatedRef, number];

/**
 * A contract id's key: its last 12 characters, the end of its unicum's hash. A state section
 * keys contracts by it rather than by the id, 138 characters, so it stays small.
 */
export const contractKeyLength = 12;
export const contractKeyOf = (contractId: string): string =>
  contractId.slice(-contractKeyLength).padStart(contractKeyLength, '-');

/**
 * The contract events of a restored state (issue 23), by key, as its section has them: a key
 * almost always names one contract, and the update log's record says which a create is. They
 * are put in on first use: 110k of them would cost a load tens of milliseconds that only a
 * running node needs.
 */
export function createRestoredContractEvents(updateLog: UpdateLog, undo: UndoLog) {
  const byKey = undoableMap<string, KeyedContracts>(undo);
  let saved: SavedContractEvents | null = null;
  const indexed = (): Map<string, KeyedContracts> => {
    if (saved === null) return byKey;
    const contracts = saved;
    saved = null;
    // Map's plain `set` records nothing: no revert goes back past the restored state.
    forEachSavedContract(contracts, contractKeyLength, (key, created, archived) => {
      const known = byKey.get(key);
      Map.prototype.set.call(
        byKey,
        key,
        known ? [...known, created, archived] : [created, archived],
      );
    });
    return byKey;
  };
  /** Where `contractId` is in its key's list, or -1; `exercised`: it was created here. */
  const positionOf = (contracts: KeyedContracts, contractId: string, exercised: boolean) => {
    if (exercised && contracts.length === 2) return 0;
    for (let at = 0; at < contracts.length; at += 2) {
      const created = createdEventAt(updateLog, contracts[at] ?? 0);
      if (created?.node.contractId === contractId) return at;
    }
    return -1;
  };
  return {
    restore(restored: SavedContractEvents): void {
      saved = restored;
    },
    /** A restored contract's events; `exercised`: one a transaction exercised, created here. */
    find(contractId: string, exercised: boolean): ContractEventRefs | undefined {
      const contracts = indexed().get(contractKeyOf(contractId)) ?? [];
      const at = positionOf(contracts, contractId, exercised);
      return at < 0 ? undefined : [contracts[at] ?? 0, contracts[at + 1] ?? 0];
    },
    /** Archives a restored contract at `offset`; false if it is none of them. */
    archive(contractId: string, offset: number): boolean {
      const key = contractKeyOf(contractId);
      const contracts = indexed().get(key);
      const at = contracts ? positionOf(contracts, contractId, true) : -1;
      if (contracts === undefined || at < 0) return false;
      if (contracts[at + 1] === 0) byKey.set(key, contracts.with(at + 1, offset));
      return true;
    },
    entries: (): Iterable<[string, KeyedContracts]> => indexed(),
  };
}
