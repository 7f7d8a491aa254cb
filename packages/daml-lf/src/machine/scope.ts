import { FatalFailure } from '../values/evaluation-errors.ts';
import type { LfValue } from '../values/lf-value.ts';
import type { Machine } from './machine.ts';

/**
 * Where compiled code finds a variable. Closure conversion as in Speedy: a function's own
 * parameters and local bindings live in its frame; variables of enclosing functions are copied
 * into the closure when it is created.
 */
export type VariableLocation =
  | { readonly kind: 'local'; readonly slot: number }
  | { readonly kind: 'captured'; readonly index: number };

/** One function body being compiled: its frame layout and what it captures. */
export type FunctionContext = {
  frameSize: number;
  readonly captures: { readonly name: string; readonly from: VariableLocation }[];
  /** The scope the function is created in; null for a top-level body. */
  readonly enclosing: Scope | null;
  /** What its generated source refers to (see generated-code.ts). */
  readonly constants: unknown[];
  temporaries: number;
};

type Binding = { readonly name: string; readonly slot: number; readonly next: Binding | null };

/**
 * Where an expression is compiled: its function, the variables in scope, and the next free
 * slot. Slots are taken like a stack: a binding's slot is free again once its scope ends, so
 * sibling expressions (the alternatives of a case, the arguments of a call) reuse the same
 * slots and a frame is as large as the deepest nesting of bindings, not their number.
 */
export type Scope = {
  readonly function: FunctionContext;
  readonly bindings: Binding | null;
  readonly next: number;
};

/** The scope of a new function body whose parameters take the first frame slots. */
export function functionScope(enclosing: Scope | null, params: readonly string[]): Scope {
  let scope: Scope = {
    function: { frameSize: 0, captures: [], enclosing, constants: [], temporaries: 0 },
    bindings: null,
    next: 0,
  };
  for (const param of params) scope = bind(scope, param).scope;
  return scope;
}

export function bind(scope: Scope, name: string): { scope: Scope; slot: number } {
  const slot = scope.next;
  const fn = scope.function;
  if (fn.frameSize <= slot) fn.frameSize = slot + 1;
  return {
    scope: { function: fn, bindings: { name, slot, next: scope.bindings }, next: slot + 1 },
    slot,
  };
}

export function resolve(scope: Scope, name: string): VariableLocation {
  for (let binding = scope.bindings; binding !== null; binding = binding.next) {
    if (binding.name === name) return { kind: 'local', slot: binding.slot };
  }
  const { captures, enclosing } = scope.function;
  const index = captures.findIndex((capture) => capture.name === name);
  if (index >= 0) return { kind: 'captured', index };
  if (enclosing === null) throw new FatalFailure(`unbound variable ${name}`);
  captures.push({ name, from: resolve(enclosing, name) });
  return { kind: 'captured', index: captures.length - 1 };
}

export function reader(location: VariableLocation): (machine: Machine) => LfValue {
  if (location.kind === 'local') {
    const { slot } = location;
    return (machine) => machine.frame[slot] as LfValue;
  }
  const { index } = location;
  return (machine) => machine.captured[index] as LfValue;
}

/** Copies what a new closure captures out of the creating function's frame. */
export function captureValues(context: FunctionContext): (machine: Machine) => LfValue[] {
  const readers = context.captures.map((capture) => reader(capture.from));
  const count = readers.length;
  return (machine) => {
    const values = new Array<LfValue>(count);
    for (let index = 0; index < count; index += 1) {
      values[index] = (readers[index] as (machine: Machine) => LfValue)(machine);
    }
    return values;
  };
}
