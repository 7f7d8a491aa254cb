import { isDomainError } from '../errors.ts';
import type { Value } from '../value.ts';
import { checkValue } from './check-value.ts';
import type { DamlType } from './types.ts';

/**
 * Values a typed engine built by their type, in normalised form (the Daml-LF engine's values
 * are typed by the validated package, as Canton's engine does not re-check them). Keyed by
 * the value object, so a value is trusted only for the very type it was built by: an
 * upgraded or other type is checked as usual.
 */
const typedValues = new WeakMap<object, DamlType>();

/**
 * Marks `value` as built by `type` in normalised form, so checking it as template code's
 * value again is skipped. Only for engines whose values are typed by construction; values
 * from outside (commands, TypeScript templates) are never marked.
 */
export function markTypedValue(type: DamlType, value: Value): Value {
  if (value !== null && typeof value === 'object') typedValues.set(value, type);
  return value;
}

/**
 * Checks a value that template code produced (a body's result, a view, a key, the arguments
 * of a create or exercise in a body). A mismatch is a bug in the template, not bad input,
 * so it is a plain Error rather than a DomainError.
 */
export function checkProducedValue(type: DamlType, value: unknown, path: string): Value {
  if (value !== null && typeof value === 'object' && typedValues.get(value) === type) {
    return value as Value;
  }
  try {
    return checkValue(type, value, path);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    throw new Error(
      `template code produced a value that does not match its type: ${error.message}`,
      {
        cause: error,
      },
    );
  }
}
