import { isDomainError } from '../errors.ts';
import type { Value } from '../value.ts';
import { checkValue } from './check-value.ts';
import type { DamlType } from './types.ts';

/**
 * Checks a value that template code produced (a body's result, a view, a key, the arguments
 * of a create or exercise in a body). A mismatch is a bug in the template, not bad input,
 * so it is a plain Error rather than a DomainError.
 *
 * `typedBy` is the type a typed engine built the value by, in normalised form (the Daml-LF
 * engine's values are typed by the validated package, and Canton's engine does not re-check
 * them): the value passes unchecked for that very type only, so an upgraded or other type is
 * checked as usual. Values from outside (commands, TypeScript templates) never carry one.
 */
export function checkProducedValue(
  type: DamlType,
  value: unknown,
  path: string,
  typedBy: DamlType | null = null,
): Value {
  if (typedBy === type) return value as Value;
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
