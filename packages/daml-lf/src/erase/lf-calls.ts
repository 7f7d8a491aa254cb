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
  // The last value converted at each type: the ledger asks for a payload's signatories,
  // observers and precondition in a row. Only the last, so converted payloads are not kept
  // alive beside the ledger's own (a cache of all would double the heap per contract).
  const last = new WeakMap<DamlType, { readonly from: Value; readonly to: LfValue }>();
  const call = (fn: FunctionValue, args: readonly LfValue[], effects?: LedgerEffects) =>
    guarded(evaluator, () => applyValue(evaluator, fn, args, effects ?? null));
  return {
    evaluator,
    value(type, value) {
      const known = last.get(type);
      if (known !== undefined && known.from === value) return known.to;
      const converted = fromLedgerValue(type, value);
      if (value !== null && typeof value === 'object')
        last.set(type, { from: value, to: converted });
      return converted;
    },
    call,
    parties: (fn, args) =>
      listToArray(call(fn, args) as ListValue).map((party) => (party as PartyValue).party),
  };
}
