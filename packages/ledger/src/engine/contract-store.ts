import type { ActiveContract, ContractStore } from '../contract.ts';
import { createdNodeIn, type TemplateIdString, type TransactionRecord } from '../transaction.ts';
import type { JournalHistory } from '../undo/state-sections.ts';
import { createUndoLog, type UndoLog } from '../undo/undo-log.ts';
import { undoableMap } from '../undo/undoable-collections.ts';
import type { Value } from '../value.ts';
import { canonicalJson } from './canonical-json.ts';

/** The engine's active contract set: contracts by id, plus the contract key index. */
export type MutableContractStore = ContractStore & {
  /** Makes the contract that `record` created with id `contractId` active. */
  add(record: TransactionRecord, contractId: string): void;
  archive(contractId: string): void;
  readonly size: number;
  values(): IterableIterator<ActiveContract>;
  /** Offset of the transaction that created an active contract. */
  createdOffsetOf(contractId: string): number | undefined;
  /** The active set for a state file (issue 23), with each creating record's journal index. */
  save(indexOfOffset: (offset: number) => number): SavedContracts;
  /**
   * Fills a fresh store; creating records are read from `history` when first needed, and
   * `offsetAt` gives a journal index's offset without reading the record.
   */
  restore(
    saved: SavedContracts,
    history: JournalHistory,
    offsetAt: (journalIndex: number) => number,
  ): void;
};

/**
 * The active contracts in creation order: their ids, and the journal index of the record
 * that created each as the difference to the one before (0 for a contract of the same
 * record), so a state of 10k contracts saves no record and few digits.
 */
export type SavedContracts = {
  readonly contractIds: readonly string[];
  readonly recordSteps: readonly number[];
  /** The key index: key text and the contract holding it. */
  readonly keys: readonly (readonly [string, string])[];
};

/** The record that created a contract, or its journal index while a restored store has not read it. */
type Creation = TransactionRecord | number;

function keyOf(templateId: TemplateIdString, key: Value): string {
  return `${templateId}\u0000${canonicalJson(key)}`;
}

/**
 * Creation order: by offset, then by place in the creating record. A creation not read yet
 * gives its offset without reading its record: a revert that reorders a restored store reads
 * only records that created two of the contracts compared.
 */
function creationOrder(
  left: { readonly contractId: string; readonly offset: number; read(): TransactionRecord },
  right: { readonly contractId: string; readonly offset: number; read(): TransactionRecord },
): number {
  if (left.offset !== right.offset) return left.offset - right.offset;
  const record = left.read();
  const positionOf = (contractId: string) =>
    record.nodes.findIndex((node) => node.kind === 'created' && node.contractId === contractId);
  return positionOf(left.contractId) - positionOf(right.contractId);
}

/**
 * Each active contract is kept as the committed record that created it: the contract is that
 * record's created node itself, never a copy, and the record gives its offset. A store restored
 * from a state file keeps a journal index instead until the contract is first read.
 */
export function createContractStore(undo: UndoLog = createUndoLog()): MutableContractStore {
  let history: JournalHistory | null = null;
  let offsetAt: (journalIndex: number) => number = () => {
    throw new Error('a contract store holds an index but no history');
  };
  const offsetOf = (creation: Creation) =>
    typeof creation === 'number' ? offsetAt(creation) : creation.offset;
  const recordAt = (creation: Creation): TransactionRecord => {
    if (typeof creation !== 'number') return creation;
    if (history === null) throw new Error('a contract store holds an index but no history');
    return history.at(creation) as TransactionRecord;
  };
  // Reads list contracts in creation order: an archived one a revert brings back goes to its place.
  const byId = undoableMap<string, Creation>(undo, {
    order: ([leftId, left], [rightId, right]) =>
      creationOrder(
        { contractId: leftId, offset: offsetOf(left), read: () => recordAt(left) },
        { contractId: rightId, offset: offsetOf(right), read: () => recordAt(right) },
      ),
  });
  const byKey = undoableMap<string, string>(undo);
  /** The creating record, read once from the history: the map keeps it from then on. */
  const creatingRecord = (contractId: string): TransactionRecord | undefined => {
    const creation = byId.get(contractId);
    if (typeof creation !== 'number') return creation;
    const record = recordAt(creation);
    // The same creation, read: nothing to take back, so the map's own (recording) set is not used.
    Map.prototype.set.call(byId, contractId, record);
    return record;
  };
  const lookup = (contractId: string): ActiveContract | undefined => {
    const record = creatingRecord(contractId);
    return record && createdNodeIn(record, contractId);
  };
  return {
    lookup,
    lookupByKey(templateId, key) {
      const contractId = byKey.get(keyOf(templateId, key));
      return contractId === undefined ? undefined : lookup(contractId);
    },
    add(record, contractId) {
      const contract = createdNodeIn(record, contractId);
      if (contract === undefined)
        throw new Error(`record ${record.offset} creates no ${contractId}`);
      byId.set(contractId, record);
      if (contract.contractKey !== null) {
        byKey.set(keyOf(contract.templateId, contract.contractKey), contractId);
      }
    },
    archive(contractId) {
      const contract = lookup(contractId);
      if (contract === undefined) return;
      byId.delete(contractId);
      if (contract.contractKey === null) return;
      const key = keyOf(contract.templateId, contract.contractKey);
      if (byKey.get(key) === contractId) byKey.delete(key);
    },
    get size() {
      return byId.size;
    },
    *values() {
      // Reading a restored creation sets its key again, which a Map's iteration allows.
      for (const contractId of byId.keys()) {
        const contract = lookup(contractId);
        if (contract !== undefined) yield contract;
      }
    },
    createdOffsetOf(contractId) {
      const creation = byId.get(contractId);
      return creation === undefined ? undefined : offsetOf(creation);
    },
    save(indexOfOffset) {
      const contractIds: string[] = [];
      const recordSteps: number[] = [];
      let previous = 0;
      for (const [contractId, creation] of byId) {
        const index = typeof creation === 'number' ? creation : indexOfOffset(creation.offset);
        contractIds.push(contractId);
        recordSteps.push(index - previous);
        previous = index;
      }
      return { contractIds, recordSteps, keys: [...byKey] };
    },
    restore(saved, from, offsetOfIndex) {
      history = from;
      offsetAt = offsetOfIndex;
      let index = 0;
      saved.contractIds.forEach((contractId, position) => {
        index += saved.recordSteps[position] ?? 0;
        byId.set(contractId, index);
      });
      for (const [key, contractId] of saved.keys) byKey.set(key, contractId);
    },
  };
}

/**
 * Applies a committed transaction to the store. Both the live commit and the replay go
 * through here, so a restart rebuilds exactly the state the live engine had. Nodes come in
 * execution order (pre-order), so a contract's create precedes any exercise on it.
 */
export function applyTransaction(store: MutableContractStore, record: TransactionRecord): void {
  for (const node of record.nodes) {
    if (node.kind === 'created') store.add(record, node.contractId);
    else if (node.consuming) store.archive(node.contractId);
  }
}
