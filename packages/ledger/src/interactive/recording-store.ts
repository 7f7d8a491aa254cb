import type { ActiveContract, ContractStore } from '../contract.ts';

/**
 * A view of the contract store that remembers every stored contract the interpreter looked
 * at: the transaction's input contracts, which the prepared transaction's metadata carries.
 */
export function createRecordingStore(store: ContractStore) {
  const seen = new Map<string, ActiveContract>();
  const remember = (contract: ActiveContract | undefined) => {
    if (contract !== undefined) seen.set(contract.contractId, contract);
    return contract;
  };
  const view: ContractStore = {
    lookup: (contractId) => remember(store.lookup(contractId)),
    lookupByKey: (templateId, key) => remember(store.lookupByKey(templateId, key)),
  };
  return { store: view, inputs: () => [...seen.values()] };
}
