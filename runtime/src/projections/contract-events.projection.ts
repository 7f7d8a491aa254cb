import {
  archivingNodeIn,
  type ExercisedNode,
  type JournalRecord,
  type TransactionRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';
import {
  type CreatedEvent,
  type CreatedRef,
  createdEventAt,
  createdRefOf,
  nodeIdOfRef,
  offsetOfRef,
} from './contract-refs.ts';
import type { UpdateLog } from './update-log.projection.ts';

export type ContractEvents = {
  readonly created: CreatedEvent;
  readonly archived: { readonly record: TransactionRecord; readonly node: ExercisedNode } | null;
};

/**
 * The contracts of one key, flat: each one's create, then the offset that archived it (0 while
 * active). Almost every key is one contract's; the records say which contract a create is.
 */
type KeyedContracts = readonly number[];

/**
 * A contract id's key: its last 12 characters, the end of its unicum's hash. The index keys
 * contracts by it rather than by the id, 138 characters, so its state section stays small.
 */
const contractKeyLength = 12;
const contractKeyOf = (contractId: string): string =>
  contractId.slice(-contractKeyLength).padStart(contractKeyLength, '-');

/**
 * The section: per contract in the index's order, its key in `keys`, and in `events` three
 * numbers: its create's offset less the previous contract's, its node id, and 0 while active or
 * the offset that archived it less its create's, plus 1. Small numbers, no record.
 */
export type SavedContractEvents = { readonly keys: string; readonly events: readonly number[] };

/**
 * Where each contract was created and archived: events-by-contract-id and contract lookups. It
 * keeps where the events are (offset and node), and reads them from the update log.
 */
export function createContractEventsIndex(updateLog: UpdateLog, undo: UndoLog) {
  const index = undoableMap<string, KeyedContracts>(undo);
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
    const contracts = index.get(key);
    if (contracts === undefined) return;
    // Every contract exercised was created on this ledger: a key of one is that contract's.
    const at = contracts.length === 2 ? 0 : positionOf(contracts, contractId);
    if (at < 0 || contracts[at + 1] !== 0) return;
    index.set(key, contracts.with(at + 1, offset));
  };
  const section = contractEventsSection(index);
  undo.section<SavedContractEvents>('projections.contract-events', section);
  return {
    apply(record: JournalRecord) {
      if (record.type !== 'transaction') return;
      for (const node of record.nodes) {
        if (node.kind === 'created') {
          const key = contractKeyOf(node.contractId);
          const created = createdRefOf(record.offset, node.nodeId);
          index.set(key, [...(index.get(key) ?? []), created, 0]);
        } else if (node.consuming) {
          archive(node.contractId, record.offset);
        }
      }
    },
    /** Where `contractId` was created, as a ref (undefined for a contract never created here). */
    createdRefOf(contractId: string): CreatedRef | undefined {
      const contracts = index.get(contractKeyOf(contractId)) ?? [];
      const at = positionOf(contracts, contractId);
      return at < 0 ? undefined : contracts[at];
    },
    get(contractId: string): ContractEvents | undefined {
      const contracts = index.get(contractKeyOf(contractId)) ?? [];
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

function contractEventsSection(index: Map<string, KeyedContracts>) {
  return {
    save(): SavedContractEvents {
      const keys: string[] = [];
      const events: number[] = [];
      let previousOffset = 0;
      for (const [key, contracts] of index) {
        for (let at = 0; at < contracts.length; at += 2) {
          const created = contracts[at] ?? 0;
          const archived = contracts[at + 1] ?? 0;
          const offset = offsetOfRef(created);
          keys.push(key);
          events.push(offset - previousOffset, nodeIdOfRef(created));
          events.push(archived === 0 ? 0 : archived - offset + 1);
          previousOffset = offset;
        }
      }
      return { keys: keys.join(''), events };
    },
    restore(saved: SavedContractEvents): void {
      let offset = 0;
      const { keys, events } = saved;
      for (let contract = 0; contract * 3 < events.length; contract += 1) {
        const key = keys.slice(contract * contractKeyLength, (contract + 1) * contractKeyLength);
        offset += events[contract * 3] ?? 0;
        const created = createdRefOf(offset, events[contract * 3 + 1] ?? 0);
        const archivedAfter = events[contract * 3 + 2] ?? 0;
        const archived = archivedAfter === 0 ? 0 : offset + archivedAfter - 1;
        const known = index.get(key);
        index.set(key, known ? [...known, created, archived] : [created, archived]);
      }
    },
  };
}

export type ContractEventsIndex = ReturnType<typeof createContractEventsIndex>;
