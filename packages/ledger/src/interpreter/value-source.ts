import type { Value } from '../value.ts';
import { checkValue } from '../values/check-value.ts';
import { checkProducedValue } from '../values/produced-value.ts';
import type { DamlType } from '../values/types.ts';

/**
 * Where a value came from: a command (bad input, with its path) or template code (a bug);
 * `typedBy` when a typed engine built it by that type (see checkProducedValue).
 */
export type ValueSource = {
  readonly path: string;
  readonly fromCommand: boolean;
  readonly typedBy?: DamlType | null;
};

export function checkArgument(type: DamlType, value: unknown, source: ValueSource): Value {
  return source.fromCommand
    ? checkValue(type, value, source.path)
    : checkProducedValue(type, value, source.path, source.typedBy ?? null);
}
