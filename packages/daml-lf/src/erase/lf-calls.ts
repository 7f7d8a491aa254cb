import type { DamlType, Value } from '@pocketnet/ledger';
import type { Evaluator } from '../machine/evaluator.ts';
import { applyValue } from '../machine/evaluator.ts';
import type { LedgerEffects } from '../machine/ledger-effects.ts';
import type { FunctionValue, LfValue, ListValue, PartyValue } from '../values/lf-value.ts';
import { listToArray } from '../values/lf-value.ts';
import { guarded } from './guarded.ts';
import { fromLedgerValue, toLedgerValue } from './ledger-values.ts';

/**
 * Calls into the machine for the ledger: ledger values in, results out. Payloads are
 * converted once per payload object (the ledger asks for signatories, observers and
 * precondition of the same payload in a row).
 */
export type LfCalls = {
  readonly evaluator: Evaluator;
  value(type: DamlType, value: Value): LfValue;
  /**
   * A machine value in the ledger's form, by `type` in normalised form (so the ledger may be
   * told it is typed), remembered so converting it back gives the machine's value unconverted.
   */
  ledgerValue(type: DamlType, value: LfValue): Value;
  call(fn: FunctionValue, args: readonly LfValue[], effects?: LedgerEffects): LfValue;
  parties(fn: FunctionValue, args: readonly LfValue[]): readonly string[];
};

/** Converted payloads kept: enough for a transaction's contracts, not for the ledger's. */
export const convertedValuesKept = 256;

export function createLfCalls(evaluator: Evaluator): LfCalls {
  // Values converted lately, by the ledger's value object (the ledger never changes one): the
  // ledger asks for a payload's signatories, observers and precondition in a row, and a
  // transfer fetches the same rules and round contracts as the one before. Only the latest
  // few, so converted payloads are not kept beside the ledger's own (a cache of all would
  // double the heap per contract).
  const converted = new Map<object, { readonly type: DamlType; readonly to: LfValue }>();
  // The keys in the order they came, in a ring: the first converted is the first to go (the
  // hot contracts are converted again soon). Not the map's own order: finding its oldest key
  // walks past the entries deleted before it.
  const order = new Array<object | null>(convertedValuesKept).fill(null);
  let next = 0;
  const remember = (type: DamlType, from: object, to: LfValue) => {
    if (converted.has(from)) {
      converted.set(from, { type, to });
      return;
    }
    const oldest = order[next];
    if (oldest !== null && oldest !== undefined) converted.delete(oldest);
    order[next] = from;
    next = (next + 1) % convertedValuesKept;
    converted.set(from, { type, to });
  };
  const call = (fn: FunctionValue, args: readonly LfValue[], effects?: LedgerEffects) =>
    guarded(evaluator, () => applyValue(evaluator, fn, args, effects ?? null));
  return {
    evaluator,
    value(type, value) {
      if (value === null || typeof value !== 'object') return fromLedgerValue(type, value);
      const known = converted.get(value);
      if (known !== undefined && known.type === type) return known.to;
      const to = fromLedgerValue(type, value);
      remember(type, value, to);
      return to;
    },
    ledgerValue(type, value) {
      const to = toLedgerValue(type, value);
      if (to !== null && typeof to === 'object') remember(type, to, value);
      return to;
    },
    call,
    parties: (fn, args) =>
      listToArray(call(fn, args) as ListValue).map((party) => (party as PartyValue).party),
  };
}
