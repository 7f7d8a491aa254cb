import type { TypeConName } from '../ast/names.ts';
import type { LfValue } from '../values/lf-value.ts';

/**
 * What an Update asks of the ledger. The erasure implements it over the ledger's
 * TransactionContext; values cross in the machine's form.
 */
export type LedgerEffects = {
  create(template: TypeConName, payload: LfValue): LfValue;
  exercise(call: {
    template: TypeConName;
    choice: string;
    contractId: LfValue;
    argument: LfValue;
  }): LfValue;
  exerciseInterface(call: {
    iface: TypeConName;
    choice: string;
    contractId: LfValue;
    argument: LfValue;
  }): LfValue;
  exerciseByKey(call: {
    template: TypeConName;
    choice: string;
    key: LfValue;
    argument: LfValue;
  }): LfValue;
  /** The contract's payload, checked to be of the template. */
  fetch(template: TypeConName, contractId: LfValue): LfValue;
  /** The contract as a value of the interface: its template's record. */
  fetchInterface(iface: TypeConName, contractId: LfValue): LfValue;
  /** The struct ⟨contract, contractId⟩. */
  fetchByKey(template: TypeConName, key: LfValue): LfValue;
  /** Optional contract id. */
  lookupByKey(template: TypeConName, key: LfValue): LfValue;
  getTime(): LfValue;
  ledgerTimeLt(time: LfValue): boolean;
  /** Begins a `try` block: its actions are undone by `rollback` when its exception is caught. */
  beginTry(): { rollback(): void };
};
