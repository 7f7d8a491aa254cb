import type { FunctionValue, LfValue } from '../values/lf-value.ts';
import type { ClosureTarget } from './direct.ts';
import { applyDirect, enterBody, joined, mayGoDeeper } from './direct.ts';
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
  const frame = new Array<LfValue>(fn.target.frameSize);
  frame[0] = a;
  return enterBody(machine, fn.target, fn.captured, frame);
}

function enter2(machine: Machine, fn: Closure, a: LfValue, b: LfValue): LfValue {
  const frame = new Array<LfValue>(fn.target.frameSize);
  frame[0] = a;
  frame[1] = b;
  return enterBody(machine, fn.target, fn.captured, frame);
}

export function call1(machine: Machine, fn: LfValue, a: LfValue): LfValue {
  const target = exactClosure(fn, 1);
  return target === null ? callValues(machine, fn, [a]) : enter1(machine, target, a);
}

export function call2(machine: Machine, fn: LfValue, a: LfValue, b: LfValue): LfValue {
  const target = exactClosure(fn, 2);
  if (target !== null) return enter2(machine, target, a, b);
  const first = exactClosure(fn, 1);
  if (first !== null) return call1(machine, enter1(machine, first, a), b);
  return callValues(machine, fn, [a, b]);
}

export function call3(machine: Machine, fn: LfValue, a: LfValue, b: LfValue, c: LfValue): LfValue {
  const target = exactClosure(fn, 3);
  if (target !== null) {
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
  return callValues(machine, fn, [a, b, c]);
}

/** A call of more arguments, given as an array. */
export function callMany(machine: Machine, fn: LfValue, args: LfValue[]): LfValue {
  const target = exactClosure(fn, args.length);
  if (target === null) return callValues(machine, fn, args);
  const frame = new Array<LfValue>(target.target.frameSize);
  for (let index = 0; index < args.length; index += 1) frame[index] = args[index] as LfValue;
  return enterBody(machine, target.target, target.captured, frame);
}
