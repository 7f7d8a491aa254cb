import { ArithmeticFailure, FatalFailure } from '../values/evaluation-errors.ts';
import type { AnyExceptionValue, LfValue } from '../values/lf-value.ts';
import type { Reads } from './compiled.ts';
import { readInto, readPart } from './compiled.ts';
import type { Code, Continuation, FunctionTarget, Machine } from './machine.ts';
import { applyFunction, runMachine, spendFuel, UnhandledException } from './machine.ts';

/**
 * Direct evaluation: compiled code that returns its value, calling functions on the JavaScript
 * stack, as long as that stack stays shallow. It is the fast path; the continuation machine is
 * the safe one. Past `maxDirectDepth` nested calls (counted across machines, since an
 * exercise through a TypeScript choice starts another; an LF exercise counts several levels),
 * the rest of that computation runs on the machine's explicit stack, which never grows the
 * JavaScript one: deep recursion stays stack-safe and only pays the machine's price beyond the
 * depth limit.
 */
export type Direct = (machine: Machine) => LfValue;

/**
 * A closure body of at most three parameters entered with them as JavaScript parameters and
 * its frame slots as JavaScript variables: no frame array (see generated-code.ts).
 */
export type Fast = (
  machine: Machine,
  captured: readonly LfValue[],
  a?: LfValue,
  b?: LfValue,
  c?: LfValue,
) => LfValue;

/**
 * A closure's body entered directly on its new frame and captured values. A body that reads
 * them only as its own parameters leaves the machine's `frame` and `captured` alone; one whose
 * parts read them from the machine sets them and puts the caller's back when it returns. An
 * exception leaving it does not: whoever catches it and goes on (a `try`, a nested run, the
 * machine's handler search) restores them from what it saved.
 */
export type Enter = (machine: Machine, frame: LfValue[], captured: readonly LfValue[]) => LfValue;

/** A closure body's direct form entered on its frame (for bodies without generated source). */
export function enterOf(direct: Direct): Enter {
  return (machine, frame, captured) => {
    const savedFrame = machine.frame;
    const savedCaptured = machine.captured;
    machine.frame = frame;
    machine.captured = captured;
    const value = direct(machine);
    machine.frame = savedFrame;
    machine.captured = savedCaptured;
    return value;
  };
}

/** Daml call levels evaluated directly, one inside the other, before falling back. */
export const maxDirectDepth = 120;

let directDepth = 0;

/** Whether a direct call may nest one level deeper on the JavaScript stack. */
export function mayGoDeeper(): boolean {
  return directDepth < maxDirectDepth;
}

/**
 * Runs `run` counted `levels` direct levels deeper, or tells it to run on the machine (`deep`)
 * when that would pass the limit.
 */
export function nestedDirectly<T>(levels: number, run: (deep: boolean) => T): T {
  if (directDepth + levels > maxDirectDepth) return run(true);
  directDepth += levels;
  try {
    return run(false);
  } finally {
    directDepth -= levels;
  }
}

type Barrier = Continuation;
export type ClosureTarget = Extract<FunctionTarget, { kind: 'closure' }>;

// A nested run ends at its barrier: an exception unwinding to it leaves the run as a JavaScript
// exception, for the direct code around it (a `try`, or the evaluation's caller).
const barrierResume: Continuation['resume'] = () => {
  throw new FatalFailure('a nested evaluation ran past its barrier');
};
const barrierHandle = (_machine: Machine, exception: AnyExceptionValue): void => {
  throw new UnhandledException(exception);
};

/** Runs `code` on the machine's explicit stack, from the current frame, and returns its value. */
export function runNested(machine: Machine, code: Code): LfValue {
  const { frame, captured, stack, effects } = machine;
  const barrier: Barrier = { resume: barrierResume, handle: barrierHandle, frame, captured };
  stack.push(barrier);
  const base = stack.length;
  machine.control = code;
  const saved = directDepth;
  // Everything below runs on the machine: no direct calls nest under it.
  directDepth = maxDirectDepth;
  try {
    const value = runMachine(machine, base);
    stack.pop();
    return value;
  } finally {
    directDepth = saved;
    machine.frame = frame;
    machine.captured = captured;
    // An exception may have left a nested exercise's body, whose ledger scope was current.
    machine.effects = effects;
  }
}

/** The Daml exception a JavaScript error stands for, or null when it is not one. */
export function exceptionOfError(machine: Machine, error: unknown): AnyExceptionValue | null {
  if (error instanceof UnhandledException) return error.exception;
  if (error instanceof ArithmeticFailure) return machine.exceptionOf(error);
  if (error instanceof Error && error.cause instanceof UnhandledException)
    return error.cause.exception;
  return null;
}

/** Runs a closure's direct body on its new frame, one level deeper. */
export function enterBody(
  machine: Machine,
  target: ClosureTarget,
  captured: readonly LfValue[],
  frame: LfValue[],
): LfValue {
  spendFuel(machine, 1);
  directDepth += 1;
  try {
    return (target.direct as Enter)(machine, frame, captured);
  } finally {
    directDepth -= 1;
  }
}

/** Runs a closure's body without a frame, on its parameters (see `Fast`), one level deeper. */
export function enterFast(
  machine: Machine,
  fast: Fast,
  captured: readonly LfValue[],
  a: LfValue,
  b?: LfValue,
  c?: LfValue,
): LfValue {
  spendFuel(machine, 1);
  directDepth += 1;
  try {
    return fast(machine, captured, a, b, c);
  } finally {
    directDepth -= 1;
  }
}

/** Applies a function to one argument (an update to the token, most often). */
export function applyOne(machine: Machine, fn: LfValue, argument: LfValue): LfValue {
  if (
    typeof fn === 'object' &&
    fn.tag === 'Function' &&
    fn.given.length === 0 &&
    fn.arity === 1 &&
    fn.target.kind === 'closure' &&
    fn.target.direct !== undefined &&
    directDepth < maxDirectDepth
  ) {
    const { fast } = fn.target;
    if (fast !== undefined) return enterFast(machine, fast, fn.captured, argument);
    const frame = new Array<LfValue>(fn.target.frameSize);
    frame[0] = argument;
    return enterBody(machine, fn.target, fn.captured, frame);
  }
  return applyDirect(machine, fn, [argument]);
}

/** `given` followed by the first `count` of `args`. */
export function joined(
  given: readonly LfValue[],
  args: readonly LfValue[],
  count: number,
): LfValue[] {
  const length = given.length;
  const all = new Array<LfValue>(length + count);
  for (let index = 0; index < length; index += 1) all[index] = given[index] as LfValue;
  for (let index = 0; index < count; index += 1) all[length + index] = args[index] as LfValue;
  return all;
}

/** Applies a function to `args` and returns the result: partial, exact or over-application. */
export function applyDirect(machine: Machine, fn: LfValue, args: readonly LfValue[]): LfValue {
  if (typeof fn !== 'object' || fn.tag !== 'Function') {
    throw new FatalFailure('applied a value that is not a function');
  }
  const given = fn.given.length;
  const count = args.length;
  const { arity, target } = fn;
  if (given + count < arity) {
    const given = joined(fn.given, args, count);
    return { tag: 'Function', arity, given, target, captured: fn.captured };
  }
  const needed = arity - given;
  const now = given === 0 && needed === count ? args : joined(fn.given, args, needed);
  let result: LfValue;
  if (target.kind === 'builtin') {
    const { compute, direct } = target;
    if (compute !== undefined) result = compute(now);
    else if (direct !== undefined) result = direct(machine, now);
    else result = runNested(machine, (running) => target.run(running, now));
  } else if (target.direct !== undefined && directDepth < maxDirectDepth) {
    const { fast } = target;
    if (fast !== undefined) {
      const value = enterFast(machine, fast, fn.captured, now[0] as LfValue, now[1], now[2]);
      return needed < count ? applyDirect(machine, value, args.slice(needed)) : value;
    }
    const frame = new Array<LfValue>(target.frameSize);
    for (let index = 0; index < now.length; index += 1) frame[index] = now[index] as LfValue;
    result = enterBody(machine, target, fn.captured, frame);
  } else {
    result = runNested(machine, (running) => applyFunction(running, fn, args));
    return result;
  }
  return needed < count ? applyDirect(machine, result, args.slice(needed)) : result;
}

/**
 * Calls a function on arguments still to be evaluated: a closure given exactly its missing
 * arguments gets them evaluated straight into its new frame, after those it was already given
 * (the common case: no arguments array).
 */
export function callDirect(machine: Machine, fn: LfValue, args: Reads): LfValue {
  const { count } = args;
  if (typeof fn !== 'object' || fn.tag !== 'Function') {
    throw new FatalFailure('applied a value that is not a function');
  }
  const { target, given, arity } = fn;
  const offset = given.length;
  if (offset + count === arity) {
    if (target.kind === 'closure') {
      if (target.direct !== undefined && directDepth < maxDirectDepth) {
        const frame = new Array<LfValue>(target.frameSize);
        for (let index = 0; index < offset; index += 1) frame[index] = given[index] as LfValue;
        readInto(machine, args, frame, offset);
        return enterBody(machine, target, fn.captured, frame);
      }
    } else if (target.compute !== undefined) {
      // A pure builtin given its last arguments: computed on them, no function value between.
      const all = new Array<LfValue>(arity);
      for (let index = 0; index < offset; index += 1) all[index] = given[index] as LfValue;
      readInto(machine, args, all, offset);
      return target.compute(all);
    }
  }
  const values = new Array<LfValue>(count);
  readInto(machine, args, values, 0);
  return applyDirect(machine, fn, values);
}

/**
 * A call whose function is a top-level value: the value never changes for the program, so it
 * is looked up once. When it is a closure taking exactly these arguments (or fewer: the rest go
 * to its result), later calls enter its body without checking it again.
 */
export function knownCall(fun: Direct, args: Reads): Direct {
  const { count } = args;
  let fn: LfValue | null = null;
  let known: ClosureTarget | null = null;
  let captured: readonly LfValue[] = [];
  let arity = 0;
  const first = (machine: Machine): LfValue => {
    const value = fun(machine);
    fn = value;
    if (
      typeof value === 'object' &&
      value.tag === 'Function' &&
      value.given.length === 0 &&
      value.arity <= count &&
      value.target.kind === 'closure' &&
      value.target.direct !== undefined
    ) {
      known = value.target;
      captured = value.captured;
      arity = value.arity;
    }
    return value;
  };
  return (machine) => {
    const target = known;
    if (target === null || directDepth >= maxDirectDepth) {
      return callDirect(machine, fn ?? first(machine), args);
    }
    // Every argument is evaluated before the call, as in any application.
    const frame = new Array<LfValue>(target.frameSize);
    if (arity === count) {
      readInto(machine, args, frame, 0);
      return enterBody(machine, target, captured, frame);
    }
    for (let index = 0; index < arity; index += 1) frame[index] = readPart(machine, args, index);
    // Over-applied (a function returning a function): the rest go to its result.
    const rest = new Array<LfValue>(count - arity);
    for (let index = arity; index < count; index += 1) {
      rest[index - arity] = readPart(machine, args, index);
    }
    const result = enterBody(machine, target, captured, frame);
    return rest.length === 1
      ? applyOne(machine, result, rest[0] as LfValue)
      : applyDirect(machine, result, rest);
  };
}
