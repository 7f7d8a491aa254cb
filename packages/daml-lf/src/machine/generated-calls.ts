import type { FunctionValue, LfValue } from '../values/lf-value.ts';
import type { ClosureTarget } from './direct.ts';
import { applyDirect, enterBody, enterFast, joined, mayGoDeeper } from './direct.ts';
import type { Machine } from './machine.ts';

// Calls of generated code (see generated-code.ts): their arguments are evaluated already.

type Closure = FunctionValue & { readonly target: ClosureTarget };

/** The closure to enter directly with exactly `count` arguments, or null. */
function exactClosure(fn: LfValue, count: number): Closure | null {
  if (
    typeof fn === 'object' &&
    fn.tag === 'Function' &&
    fn.given.length === 0 &&
    fn.arity === count &&
    fn.target.kind === 'closure' &&
    fn.target.direct !== undefined &&
    mayGoDeeper()
  ) {
    return fn as Closure;
  }
  return null;
}

/** A partially applied closure given its last arguments: one frame with all of them. */
function enterWithGiven(machine: Machine, fn: Closure, args: readonly LfValue[]): LfValue {
  const { target, given } = fn;
  const frame = new Array<LfValue>(target.frameSize);
  const offset = given.length;
  for (let index = 0; index < offset; index += 1) frame[index] = given[index] as LfValue;
  for (let index = 0; index < args.length; index += 1) {
    frame[offset + index] = args[index] as LfValue;
  }
  return enterBody(machine, target, fn.captured, frame);
}

/**
 * A function of at most three parameters saturated by `a`, `b`, `c`, given its arguments by
 * position (those it was given first, then these): a pure builtin, or a closure taking no
 * frame. Undefined when it is neither.
 */
function byPosition(
  machine: Machine,
  fn: FunctionValue,
  a: LfValue | undefined,
  b: LfValue | undefined,
  c: LfValue | undefined,
): LfValue | undefined {
  const { target, given } = fn;
  const offset = given.length;
  const first = offset > 0 ? given[0] : a;
  const second = offset > 1 ? given[1] : offset === 1 ? a : b;
  const third = offset > 2 ? given[2] : offset === 2 ? a : offset === 1 ? b : c;
  if (target.kind === 'builtin') {
    const { positional } = target;
    return positional?.(first as LfValue, second as LfValue, third as LfValue);
  }
  const { fast } = target;
  if (fast === undefined || !mayGoDeeper()) return undefined;
  return enterFast(machine, fast, fn.captured, first as LfValue, second, third);
}

/**
 * Calls a function that its last `count` (≤ 3) arguments saturate, `a`, `b`, `c` (unused ones
 * undefined), without an arguments array: a partially applied closure is entered on those it
 * was given and these (by position when it takes no frame, else in one frame), a pure builtin
 * computes on them by position. Undefined when neither applies.
 */
function saturate(
  machine: Machine,
  fn: FunctionValue,
  count: number,
  a: LfValue | undefined,
  b: LfValue | undefined,
  c: LfValue | undefined,
): LfValue | undefined {
  const { target, given } = fn;
  const offset = given.length;
  if (fn.arity <= 3) {
    const result = byPosition(machine, fn, a, b, c);
    if (result !== undefined || target.kind === 'builtin') return result;
  } else if (target.kind === 'builtin') return undefined;
  if (target.direct === undefined || !mayGoDeeper()) return undefined;
  const frame = new Array<LfValue>(target.frameSize);
  for (let index = 0; index < offset; index += 1) frame[index] = given[index] as LfValue;
  frame[offset] = a as LfValue;
  if (count > 1) frame[offset + 1] = b as LfValue;
  if (count > 2) frame[offset + 2] = c as LfValue;
  return enterBody(machine, target, fn.captured, frame);
}

/** A function value given one more argument that still leaves it short: no arguments array. */
function partial1(fn: LfValue, a: LfValue): LfValue | undefined {
  if (typeof fn !== 'object' || fn.tag !== 'Function' || fn.given.length + 1 >= fn.arity) {
    return undefined;
  }
  const { given } = fn;
  const length = given.length;
  const all = new Array<LfValue>(length + 1);
  for (let index = 0; index < length; index += 1) all[index] = given[index] as LfValue;
  all[length] = a;
  return { tag: 'Function', arity: fn.arity, given: all, target: fn.target, captured: fn.captured };
}

/** The function value that `count` more arguments saturate, or null. */
function saturatedBy(fn: LfValue, count: number): FunctionValue | null {
  return typeof fn === 'object' && fn.tag === 'Function' && fn.given.length + count === fn.arity
    ? fn
    : null;
}

/**
 * Applies a function to evaluated arguments. Given its last arguments, a partially applied
 * closure gets one frame with all of them, a pure builtin computes at once.
 */
export function callValues(machine: Machine, fn: LfValue, args: LfValue[]): LfValue {
  if (
    typeof fn === 'object' &&
    fn.tag === 'Function' &&
    fn.given.length + args.length === fn.arity
  ) {
    const { target, given } = fn;
    if (args.length <= 3) {
      const result = saturate(machine, fn, args.length, args[0], args[1], args[2]);
      if (result !== undefined) return result;
    }
    if (target.kind === 'builtin') {
      if (target.compute !== undefined) {
        return target.compute(given.length === 0 ? args : joined(given, args, args.length));
      }
    } else if (target.direct !== undefined && mayGoDeeper()) {
      return enterWithGiven(machine, fn as Closure, args);
    }
  }
  return applyDirect(machine, fn, args);
}

// Calls of generated code (see generated-code.ts) by their number of arguments: a closure taking
// exactly these gets a frame of its size with them in it; one taking fewer (a function that
// returns a function: class methods, composition) gets its own and its result the rest, all
// without an arguments array; anything else goes through the general application.

function enter1(machine: Machine, fn: Closure, a: LfValue): LfValue {
  const { fast } = fn.target;
  if (fast !== undefined) return enterFast(machine, fast, fn.captured, a);
  const frame = new Array<LfValue>(fn.target.frameSize);
  frame[0] = a;
  return enterBody(machine, fn.target, fn.captured, frame);
}

function enter2(machine: Machine, fn: Closure, a: LfValue, b: LfValue): LfValue {
  const { fast } = fn.target;
  if (fast !== undefined) return enterFast(machine, fast, fn.captured, a, b);
  const frame = new Array<LfValue>(fn.target.frameSize);
  frame[0] = a;
  frame[1] = b;
  return enterBody(machine, fn.target, fn.captured, frame);
}

export function call1(machine: Machine, fn: LfValue, a: LfValue): LfValue {
  const target = exactClosure(fn, 1);
  if (target !== null) return enter1(machine, target, a);
  const saturated = saturatedBy(fn, 1);
  const result =
    saturated === null ? undefined : saturate(machine, saturated, 1, a, undefined, undefined);
  return result ?? partial1(fn, a) ?? callValues(machine, fn, [a]);
}

export function call2(machine: Machine, fn: LfValue, a: LfValue, b: LfValue): LfValue {
  const target = exactClosure(fn, 2);
  if (target !== null) return enter2(machine, target, a, b);
  const first = exactClosure(fn, 1);
  if (first !== null) return call1(machine, enter1(machine, first, a), b);
  const saturated = saturatedBy(fn, 2);
  const result = saturated === null ? undefined : saturate(machine, saturated, 2, a, b, undefined);
  if (result !== undefined) return result;
  // One argument completes a partial application, whose result takes the other.
  const completed = saturatedBy(fn, 1);
  const partial =
    completed === null ? undefined : saturate(machine, completed, 1, a, undefined, undefined);
  return partial === undefined ? callValues(machine, fn, [a, b]) : call1(machine, partial, b);
}

export function call3(machine: Machine, fn: LfValue, a: LfValue, b: LfValue, c: LfValue): LfValue {
  const target = exactClosure(fn, 3);
  if (target !== null) {
    const { fast } = target.target;
    if (fast !== undefined) return enterFast(machine, fast, target.captured, a, b, c);
    const frame = new Array<LfValue>(target.target.frameSize);
    frame[0] = a;
    frame[1] = b;
    frame[2] = c;
    return enterBody(machine, target.target, target.captured, frame);
  }
  const first = exactClosure(fn, 1);
  if (first !== null) return call2(machine, enter1(machine, first, a), b, c);
  const second = exactClosure(fn, 2);
  if (second !== null) return call1(machine, enter2(machine, second, a, b), c);
  const saturated = saturatedBy(fn, 3);
  const result = saturated === null ? undefined : saturate(machine, saturated, 3, a, b, c);
  return result === undefined ? callValues(machine, fn, [a, b, c]) : result;
}

/** A call of more arguments, given as an array. */
export function callMany(machine: Machine, fn: LfValue, args: LfValue[]): LfValue {
  const target = exactClosure(fn, args.length);
  if (target === null) {
    // A function of one parameter returning the function that takes the rest.
    const first = exactClosure(fn, 1);
    if (first === null) return callValues(machine, fn, args);
    const rest = enter1(machine, first, args[0] as LfValue);
    return args.length === 4
      ? call3(machine, rest, args[1] as LfValue, args[2] as LfValue, args[3] as LfValue)
      : callMany(machine, rest, args.slice(1));
  }
  const frame = new Array<LfValue>(target.target.frameSize);
  for (let index = 0; index < args.length; index += 1) frame[index] = args[index] as LfValue;
  return enterBody(machine, target.target, target.captured, frame);
}
