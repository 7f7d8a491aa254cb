import { ArithmeticFailure, FatalFailure } from '../values/evaluation-errors.ts';
import type { AnyExceptionValue, FunctionValue, LfValue } from '../values/lf-value.ts';
import type { Enter, Fast } from './direct.ts';
import type { LedgerEffects } from './ledger-effects.ts';

/**
 * A CEK machine in the manner of Daml's Speedy: expressions are compiled to `Code`, and the
 * rest of the computation lives on an explicit continuation stack, so evaluation depth never
 * grows the JavaScript stack. A code either returns a value (`machine.value = v`) or hands
 * control to another code (`machine.control = c`), after pushing what must happen next.
 */
export type Code = (machine: Machine) => void;

/** What happens to a value once it is computed; runs with the frame it was pushed from. */
export type Continuation = {
  readonly resume: (machine: Machine, value: LfValue, self: Continuation) => void;
  readonly frame: LfValue[];
  readonly captured: readonly LfValue[];
  /** A `try` marker: gets the exception when one unwinds past it. */
  readonly handle?: (machine: Machine, exception: AnyExceptionValue, self: Continuation) => void;
};

export type FunctionTarget =
  | {
      readonly kind: 'closure';
      readonly body: Code;
      readonly frameSize: number;
      readonly name: string;
      /** The body evaluated directly (see direct.ts), when it has such a form. */
      readonly direct?: Enter;
      /** The body entered without a frame, when it has that form (see direct.ts). */
      readonly fast?: Fast;
    }
  | {
      readonly kind: 'builtin';
      readonly run: BuiltinRun;
      readonly name: string;
      /** Set when the builtin is pure: its result from its arguments, without steps. */
      readonly compute?: (args: readonly LfValue[]) => LfValue;
      /** `compute` with the arguments by position (see builtins/builtin-definition.ts). */
      readonly positional?: (...args: LfValue[]) => LfValue;
      /** Set when the builtin calls functions: its direct form (see direct.ts). */
      readonly direct?: (machine: Machine, args: readonly LfValue[]) => LfValue;
    };

type ClosureTarget = Extract<FunctionTarget, { kind: 'closure' }>;
type BuiltinTarget = Extract<FunctionTarget, { kind: 'builtin' }>;

// Every target is made with the same fields in the same order, those its kind does not use
// undefined: the calls that read a function's target then meet one object shape, not one per
// kind and combination of optional fields (which V8's property caches handle far slower).

/** A closure's target (see `FunctionTarget`). */
export function closureTarget(
  fields: Omit<ClosureTarget, 'kind' | 'direct' | 'fast'> & {
    readonly direct: Enter | undefined;
    readonly fast?: Fast | undefined;
  },
): ClosureTarget {
  const target = {
    kind: 'closure',
    name: fields.name,
    body: fields.body,
    frameSize: fields.frameSize,
    direct: fields.direct,
    fast: fields.fast,
    run: undefined,
    compute: undefined,
    positional: undefined,
  };
  return target as ClosureTarget;
}

/** A builtin's target (see `FunctionTarget`). */
export function builtinTarget(fields: Omit<BuiltinTarget, 'kind'>): BuiltinTarget {
  const target = {
    kind: 'builtin',
    name: fields.name,
    body: undefined,
    frameSize: 0,
    direct: fields.direct,
    fast: undefined,
    run: fields.run,
    compute: fields.compute,
    positional: fields.positional,
  };
  return target as BuiltinTarget;
}

/** A builtin given all its arguments: sets `machine.value` or hands control on. */
export type BuiltinRun = (machine: Machine, args: readonly LfValue[]) => void;

/** Turns a failure thrown by a builtin into the LF exception it stands for. */
export type ExceptionOf = (failure: ArithmeticFailure) => AnyExceptionValue;

export type Machine = {
  control: Code | null;
  value: LfValue;
  frame: LfValue[];
  captured: readonly LfValue[];
  readonly stack: Continuation[];
  /** Steps left before the evaluation is stopped as runaway. */
  fuel: number;
  readonly exceptionOf: ExceptionOf;
  /**
   * The ledger an Update runs against; null for pure evaluation. A nested exercise's body
   * runs with its own, restored when the body returns or an exception leaves it.
   */
  effects: LedgerEffects | null;
};

export class UnhandledException extends Error {
  override readonly name = 'UnhandledException';
  readonly exception: AnyExceptionValue;

  constructor(exception: AnyExceptionValue) {
    super('unhandled Daml exception');
    this.exception = exception;
  }
}

export class FuelExhausted extends Error {
  override readonly name = 'FuelExhausted';
}

/** Takes `steps` of the machine's fuel; stops the evaluation as runaway when none is left. */
export function spendFuel(machine: Machine, steps: number): void {
  machine.fuel -= steps;
  if (machine.fuel < 0) throw new FuelExhausted('evaluation exceeded its step limit');
}

export function createMachine(options: {
  fuel: number;
  exceptionOf: ExceptionOf;
  effects: LedgerEffects | null;
}): Machine {
  return {
    control: null,
    value: false,
    frame: [],
    captured: [],
    stack: [],
    fuel: options.fuel,
    exceptionOf: options.exceptionOf,
    effects: options.effects,
  };
}

function enter(machine: Machine, fn: FunctionValue, args: readonly LfValue[]): void {
  const { target } = fn;
  if (target.kind === 'builtin') {
    target.run(machine, args);
    return;
  }
  const frame = new Array<LfValue>(target.frameSize);
  for (let index = 0; index < args.length; index += 1) frame[index] = args[index] as LfValue;
  machine.frame = frame;
  machine.captured = fn.captured;
  machine.control = target.body;
}

/** A closure given exactly its arguments, read from `args` past `offset`: no copies. */
function enterExactly(
  machine: Machine,
  fn: FunctionValue,
  target: Extract<FunctionTarget, { kind: 'closure' }>,
  args: readonly LfValue[],
  offset: number,
): void {
  const frame = new Array<LfValue>(target.frameSize);
  for (let index = offset; index < args.length; index += 1) {
    frame[index - offset] = args[index] as LfValue;
  }
  machine.frame = frame;
  machine.captured = fn.captured;
  machine.control = target.body;
}

type Rest = Continuation & { readonly rest: readonly LfValue[] };

const applyRest: Continuation['resume'] = (machine, value, self) => {
  applyFunction(machine, value, (self as Rest).rest);
};

/**
 * Applies a function to `args` (those past `offset`): partial, exact or over-application.
 * The common case, a closure given exactly its arguments, copies them straight into its frame.
 */
export function applyFunction(
  machine: Machine,
  fn: LfValue,
  args: readonly LfValue[],
  offset = 0,
): void {
  if (typeof fn !== 'object' || fn.tag !== 'Function') {
    throw new FatalFailure('applied a value that is not a function');
  }
  const given = fn.given.length;
  const count = args.length - offset;
  if (given === 0 && count === fn.arity && fn.target.kind === 'closure') {
    enterExactly(machine, fn, fn.target, args, offset);
    return;
  }
  const supplied = offset === 0 ? args : args.slice(offset);
  if (given + count < fn.arity) {
    machine.value = {
      tag: 'Function',
      arity: fn.arity,
      given: [...fn.given, ...supplied],
      target: fn.target,
      captured: fn.captured,
    };
    return;
  }
  const needed = fn.arity - given;
  const now =
    given === 0 && needed === count ? supplied : [...fn.given, ...supplied.slice(0, needed)];
  if (needed < count) {
    const rest: Rest = {
      resume: applyRest,
      frame: machine.frame,
      captured: machine.captured,
      rest: supplied.slice(needed),
    };
    machine.stack.push(rest);
  }
  enter(machine, fn, now);
}

/** Unwinds to the innermost `try`; out of the machine when there is none. */
export function throwException(machine: Machine, exception: AnyExceptionValue): void {
  const { stack } = machine;
  for (;;) {
    const continuation = stack.pop();
    if (continuation === undefined) throw new UnhandledException(exception);
    if (continuation.handle !== undefined) {
      machine.frame = continuation.frame;
      machine.captured = continuation.captured;
      continuation.handle(machine, exception, continuation);
      return;
    }
  }
}

function step(machine: Machine): boolean {
  const control = machine.control;
  if (control !== null) {
    machine.control = null;
    control(machine);
    return true;
  }
  const continuation = machine.stack.pop();
  if (continuation === undefined) return false;
  machine.frame = continuation.frame;
  machine.captured = continuation.captured;
  continuation.resume(machine, machine.value, continuation);
  return true;
}

/**
 * A Daml exception that left another machine (a nested exercise's body) and reached this one
 * through the ledger, possibly wrapped as the cause of the ledger's error.
 */
function thrownException(error: unknown): AnyExceptionValue | null {
  if (error instanceof UnhandledException) return error.exception;
  if (error instanceof Error && error.cause instanceof UnhandledException)
    return error.cause.exception;
  return null;
}

/** Runs until the stack is empty and returns the final value. */
export function runMachine(machine: Machine, base = 0): LfValue {
  for (;;) {
    try {
      while (machine.control !== null || machine.stack.length > base) {
        machine.fuel -= 1;
        if (machine.fuel < 0) throw new FuelExhausted('evaluation exceeded its step limit');
        step(machine);
      }
      return machine.value;
    } catch (error) {
      const exception =
        error instanceof ArithmeticFailure ? machine.exceptionOf(error) : thrownException(error);
      if (exception === null) throw error;
      machine.control = null;
      throwException(machine, exception);
    }
  }
}
