import type { Typed, Value } from '@pocketnet/ledger';
import { checkProducedValue } from '@pocketnet/ledger';

// Results of other packages' choices arrive as plain Values; these read them at that edge.

/** Checks a value another package produced against the shape we expect and types it. */
export function readAs<TValue>(type: Typed<TValue>, value: Value, what: string): TValue {
  // checkProducedValue has just matched the value to `type`, whose values are TValue.
  return checkProducedValue(type, value, what) as unknown as TValue;
}

export function fieldOf(value: Value, name: string): Value {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`expected a record with field ${name}, got ${JSON.stringify(value)}`);
  }
  const record = value as { readonly [field: string]: Value };
  const field = record[name];
  if (field === undefined) throw new Error(`record has no field ${name}`);
  return field;
}

export function textFieldOf(value: Value, name: string): string {
  const field = fieldOf(value, name);
  if (typeof field !== 'string') throw new Error(`field ${name} is not a text: ${field}`);
  return field;
}

/** An `Optional (ContractId _)` field: the id, or null for None. */
export function optionalTextFieldOf(value: Value, name: string): string | null {
  const field = fieldOf(value, name);
  if (field === null) return null;
  if (typeof field !== 'string') throw new Error(`field ${name} is not an optional text`);
  return field;
}
