import type { TypeConName } from '../ast/names.ts';
import type { LfValue } from '../values/lf-value.ts';

/**
 * What an Update asks of the ledger. The erasure implements it over the ledger's
 * TransactionContext; values cross in the machine's form.
 */
export type LedgerEffects = {
  create(template: TypeConName, payload: LfValue): LfValue;
  /**
   * Begins an exercise of a template's choice, or by interface of an interface's: the ledger
   * checks it and reserves its node; an LF body comes back to run on the machine.
   */
  beginExercise(call: {
    owner: TypeConName;
    byInterface: boolean;
    choice: string;
    contractId: LfValue;
    argument: LfValue;
  }): BegunExercise;
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

/**
 * An exercise begun: done when its body ran elsewhere (a TypeScript choice); otherwise the
 * body to apply to `args` with `effects` (the exercise's own scope), and `finish` to call
 * with its result, which gives the exercise's result.
 */
export type BegunExercise =
  | { readonly done: true; readonly value: LfValue }
  | {
      readonly done: false;
      readonly body: LfValue;
      readonly args: readonly LfValue[];
      readonly effects: LedgerEffects;
      finish(result: LfValue): LfValue;
    };
