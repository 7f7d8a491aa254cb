import type { DamlType, Value } from '@pocketnet/ledger';
import type { Evaluator } from '../machine/evaluator.ts';
import { applyValue } from '../machine/evaluator.ts';
import type { LedgerEffects } from '../machine/ledger-effects.ts';
import type { FunctionValue, LfValue, ListValue, PartyValue } from '../values/lf-value.ts';
import { listToArray } from '../values/lf-value.ts';
import { guarded } from './guarded.ts';
import { fromLedgerValue } from './ledger-values.ts';

/**
 * Calls into the machine for the ledger: ledger values in, results out. Payloads are
 * converted once per payload object (the ledger asks for signatories, observers and
 * precondition of the same payload in a row).
 */
export type LfCalls = {
  readonly evaluator: Evaluator;
  value(type: DamlType, value: Value): LfValue;
  call(fn: FunctionValue, args: readonly LfValue[], effects?: LedgerEffects): LfValue;
  parties(fn: FunctionValue, args: readonly LfValue[]): readonly string[];
};

export function createLfCalls(evaluator: Evaluator): LfCalls {
  // By type, then by value object: one JSON object (a shared empty record) may be given at
  // two types, and must then become two records.
  const converted = new WeakMap<DamlType, WeakMap<object, LfValue>>();
  const call = (fn: FunctionValue, args: readonly LfValue[], effects?: LedgerEffects) =>
    guarded(evaluator, () => applyValue(evaluator, fn, args, effects ?? null));
  return {
    evaluator,
    value(type, value) {
      if (value === null || typeof value !== 'object') return fromLedgerValue(type, value);
      let byValue = converted.get(type);
      if (byValue === undefined) {
        byValue = new WeakMap();
        converted.set(type, byValue);
      }
      const known = byValue.get(value);
      if (known !== undefined) return known;
      const fresh = fromLedgerValue(type, value);
      byValue.set(value, fresh);
      return fresh;
    },
    call,
    parties: (fn, args) =>
      listToArray(call(fn, args) as ListValue).map((party) => (party as PartyValue).party),
  };
}
