import type { BuiltinRun, Machine } from '../machine/machine.ts';
import type { LfValue } from '../values/lf-value.ts';

export type BuiltinDefinition = {
  readonly arity: number;
  readonly run: BuiltinRun;
  /**
   * Set when the builtin computes its result from its arguments alone (no evaluation steps,
   * no effects): compiled code then calls it inline on arguments that are atoms.
   */
  readonly compute?: (args: readonly LfValue[]) => LfValue;
  /** Set when the builtin calls functions: its direct form (see machine/direct.ts). */
  readonly direct?: (machine: Machine, args: readonly LfValue[]) => LfValue;
};

/** A builtin that computes its result from its arguments alone. */
export function pure(
  arity: number,
  compute: (args: readonly LfValue[]) => LfValue,
): BuiltinDefinition {
  return {
    arity,
    compute,
    run: (machine, args) => {
      machine.value = compute(args);
    },
  };
}
