import type { ActiveContract, ContractStore } from '../contract.ts';
import type { TemplateIdString, TransactionRecord } from '../transaction.ts';
import type { Value } from '../value.ts';
import { canonicalJson } from './canonical-json.ts';

/** The engine's active contract set: contracts by id, plus the contract key index. */
export type MutableContractStore = ContractStore & {
  add(contract: ActiveContract): void;
  archive(contractId: string): void;
  readonly size: number;
  values(): IterableIterator<ActiveContract>;
};

function keyOf(templateId: TemplateIdString, key: Value): string {
  return `${templateId}\u0000${canonicalJson(key)}`;
}

export function createContractStore(): MutableContractStore {
  const byId = new Map<string, ActiveContract>();
  const byKey = new Map<string, string>();
  return {
    lookup: (contractId) => byId.get(contractId),
    lookupByKey(templateId, key) {
      const contractId = byKey.get(keyOf(templateId, key));
      return contractId === undefined ? undefined : byId.get(contractId);
    },
    add(contract) {
      byId.set(contract.contractId, contract);
      if (contract.contractKey !== null) {
        byKey.set(keyOf(contract.templateId, contract.contractKey), contract.contractId);
      }
    },
    archive(contractId) {
      const contract = byId.get(contractId);
      if (contract === undefined) return;
      byId.delete(contractId);
      if (contract.contractKey === null) return;
      const key = keyOf(contract.templateId, contract.contractKey);
      if (byKey.get(key) === contractId) byKey.delete(key);
    },
    get size() {
      return byId.size;
    },
    values: () => byId.values(),
  };
}

/**
 * Applies a committed transaction to the store. Both the live commit and the replay go
 * through here, so a restart rebuilds exactly the state the live engine had. Nodes come in
 * execution order (pre-order), so a contract's create precedes any exercise on it.
 */
export function applyTransaction(store: MutableContractStore, record: TransactionRecord): void {
  for (const node of record.nodes) {
    if (node.kind === 'created') {
      store.add({
        contractId: node.contractId,
        templateId: node.templateId,
        packageName: node.packageName,
        createArgument: node.createArgument,
        contractKey: node.contractKey,
        signatories: node.signatories,
        observers: node.observers,
        createdAt: node.createdAt,
        createdEventBlob: node.createdEventBlob,
        createdOffset: record.offset,
      });
    } else if (node.consuming) {
      store.archive(node.contractId);
    }
  }
}
