import type { BuiltinRun, Machine } from '../machine/machine.ts';
import type { LfValue } from '../values/lf-value.ts';

/** A pure builtin's computation taking its arguments by position: no array per call. */
export type Positional = (...args: LfValue[]) => LfValue;

export type BuiltinDefinition = {
  readonly arity: number;
  readonly run: BuiltinRun;
  /**
   * Set when the builtin computes its result from its arguments alone (no evaluation steps,
   * no effects): compiled code then calls it inline on arguments that are atoms.
   */
  readonly compute?: (args: readonly LfValue[]) => LfValue;
  /** `compute` with the arguments by position, for generated code and saturating calls. */
  readonly positional?: Positional;
  /** Set when the builtin calls functions: its direct form (see machine/direct.ts). */
  readonly direct?: (machine: Machine, args: readonly LfValue[]) => LfValue;
};

/** The array form of a positional computation, for the machine's general application. */
function byArray(arity: number, positional: Positional): (args: readonly LfValue[]) => LfValue {
  switch (arity) {
    case 1:
      return (args) => positional(args[0] as LfValue);
    case 2:
      return (args) => positional(args[0] as LfValue, args[1] as LfValue);
    case 3:
      return (args) => positional(args[0] as LfValue, args[1] as LfValue, args[2] as LfValue);
    default:
      return (args) => positional(...args);
  }
}

/** A builtin that computes its result from its arguments alone, given by position. */
export function pure(arity: number, positional: Positional): BuiltinDefinition {
  const compute = byArray(arity, positional);
  return {
    arity,
    compute,
    positional,
    run: (machine, args) => {
      machine.value = compute(args);
    },
  };
}
