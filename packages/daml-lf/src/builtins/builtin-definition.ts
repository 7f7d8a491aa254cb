import type { BuiltinRun } from '../machine/machine.ts';
import type { LfValue } from '../values/lf-value.ts';

export type BuiltinDefinition = { readonly arity: number; readonly run: BuiltinRun };

/** A builtin that computes its result from its arguments alone. */
export function pure(
  arity: number,
  compute: (args: readonly LfValue[]) => LfValue,
): BuiltinDefinition {
  return {
    arity,
    run: (machine, args) => {
      machine.value = compute(args);
    },
  };
}
