import {
  archivingNodeIn,
  type ExercisedNode,
  type JournalRecord,
  type TransactionRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import {
  forEachSavedContract,
  type KeyedContracts,
  type SavedContractEvents,
  saveContractEvents,
} from './contract-events-section.ts';
import {
  type CreatedEvent,
  type CreatedRef,
  createdEventAt,
  createdRefOf,
} from './contract-refs.ts';
import type { UpdateLog } from './update-log.projection.ts';

export type ContractEvents = {
  readonly created: CreatedEvent;
  readonly archived: { readonly record: TransactionRecord; readonly node: ExercisedNode } | null;
};

/**
 * A contract id's key: its last 12 characters, the end of its unicum's hash. The index keys
 * contracts by it rather than by the id, 138 characters, so its state section stays small.
 */
const contractKeyLength = 12;
const contractKeyOf = (contractId: string): string =>
  contractId.slice(-contractKeyLength).padStart(contractKeyLength, '-');

/**
 * Where each contract was created and archived: events-by-contract-id and contract lookups. It
 * keeps where the events are (offset and node), and reads them from the update log.
 */
export function createContractEventsIndex(updateLog: UpdateLog, undo: UndoLog) {
  const map = undoableMap<string, KeyedContracts>(undo);
  let restored: SavedContractEvents | null = null;
  /**
   * The index, with a restored section's contracts put in on first use (issue 23): 110k of
   * them would cost a load tens of milliseconds that only a running node needs. They go in with
   * Map's plain `set`, recording nothing: no revert goes back past the restored state.
   */
  const indexed = (): Map<string, KeyedContracts> => {
    if (restored === null) return map;
    const saved = restored;
    restored = null;
    forEachSavedContract(saved, contractKeyLength, (key, created, archived) => {
      const known = map.get(key);
      Map.prototype.set.call(map, key, known ? [...known, created, archived] : [created, archived]);
    });
    return map;
  };
  /** The position in its key's list of the contract `contractId`, or -1. */
  const positionOf = (contracts: KeyedContracts, contractId: string): number => {
    for (let at = 0; at < contracts.length; at += 2) {
      const created = createdEventAt(updateLog, contracts[at] ?? 0);
      if (created?.node.contractId === contractId) return at;
    }
    return -1;
  };
  const archive = (contractId: string, offset: number) => {
    const key = contractKeyOf(contractId);
    const contracts = indexed().get(key);
    if (contracts === undefined) return;
    // Every contract exercised was created on this ledger: a key of one is that contract's.
    const at = contracts.length === 2 ? 0 : positionOf(contracts, contractId);
    if (at < 0 || contracts[at + 1] !== 0) return;
    map.set(key, contracts.with(at + 1, offset));
  };
  undo.section<SavedContractEvents>('projections.contract-events', {
    save: () => saveContractEvents(indexed()),
    restore(saved) {
      restored = saved;
    },
  });
  return {
    apply(record: JournalRecord) {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (node.kind === 'created') {
          const key = contractKeyOf(node.contractId);
          const created = createdRefOf(record.offset, node.nodeId);
          indexed().set(key, [...(map.get(key) ?? []), created, 0]);
        } else if (node.consuming) {
          archive(node.contractId, record.offset);
        }
      }
    },
    /** Where `contractId` was created, as a ref (undefined for a contract never created here). */
    createdRefOf(contractId: string): CreatedRef | undefined {
      const contracts = indexed().get(contractKeyOf(contractId)) ?? [];
      const at = positionOf(contracts, contractId);
      return at < 0 ? undefined : contracts[at];
    },
    get(contractId: string): ContractEvents | undefined {
      const contracts = indexed().get(contractKeyOf(contractId)) ?? [];
      const at = positionOf(contracts, contractId);
      const created = at < 0 ? undefined : createdEventAt(updateLog, contracts[at] ?? 0);
      if (created === undefined) return undefined;
      const archivedIn = updateLog.byOffset(contracts[at + 1] ?? 0);
      if (archivedIn?.type !== 'transaction') return { created, archived: null };
      const archived = archivingNodeIn(archivedIn, contractId);
      return { created, archived: archived ? { record: archivedIn, node: archived } : null };
    },
  };
}

export type ContractEventsIndex = ReturnType<typeof createContractEventsIndex>;
