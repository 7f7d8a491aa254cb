import type { ActiveContract, ContractStore } from '../contract.ts';
import { createdNodeIn, type TemplateIdString, type TransactionRecord } from '../transaction.ts';
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
};

function keyOf(templateId: TemplateIdString, key: Value): string {
  return `${templateId}\u0000${canonicalJson(key)}`;
}

function creationOrder(
  [leftId, left]: [string, TransactionRecord],
  [rightId, right]: [string, TransactionRecord],
): number {
  if (left !== right) return left.offset - right.offset;
  const positionOf = (contractId: string) =>
    left.nodes.findIndex((node) => node.kind === 'created' && node.contractId === contractId);
  return positionOf(leftId) - positionOf(rightId);
}

/**
 * Each active contract is kept as the committed record that created it: the contract is that
 * record's created node itself, never a copy, and the record gives its offset.
 */
export function createContractStore(undo: UndoLog = createUndoLog()): MutableContractStore {
  // Reads list contracts in creation order: an archived one a revert brings back goes to its place.
  const byId = undoableMap<string, TransactionRecord>(undo, { order: creationOrder });
  const byKey = undoableMap<string, string>(undo);
  const lookup = (contractId: string): ActiveContract | undefined => {
    const record = byId.get(contractId);
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
      for (const [contractId, record] of byId) {
        const contract = createdNodeIn(record, contractId);
        if (contract !== undefined) yield contract;
      }
    },
    createdOffsetOf: (contractId) => byId.get(contractId)?.offset,
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
