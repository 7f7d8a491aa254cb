import type { LfValue } from '../values/lf-value.ts';
import type { Direct } from './direct.ts';
import { runNested } from './direct.ts';
import type { Code, Continuation, Machine } from './machine.ts';
import type { VariableLocation } from './scope.ts';

/** Reads a value without evaluation steps; `undefined` when it needs them after all. */
export type Peek = (machine: Machine) => LfValue | undefined;

/**
 * A compiled expression. `atom` is set when the expression is computed without evaluation
 * steps (a variable, a literal): callers then read it inline instead of pushing a
 * continuation. `peek` is set when it usually is (a top-level value once evaluated).
 */
export type Compiled = {
  readonly code: Code;
  readonly atom: ((machine: Machine) => LfValue) | null;
  readonly peek?: Peek;
  /** Evaluates the expression directly (see direct.ts); absent when only the machine does. */
  readonly direct?: Direct;
  /** Set when the expression is a variable: where it lives, so callers read it inline. */
  readonly location?: VariableLocation;
  /** The expression as JavaScript source in its function body (see generated-code.ts). */
  readonly source?: string;
};

export function atomic(read: (machine: Machine) => LfValue): Compiled {
  return {
    code: (machine) => {
      machine.value = read(machine);
    },
    atom: read,
  };
}

export function constant(value: LfValue): Compiled {
  return atomic(() => value);
}

export function computed(code: Code, direct?: Direct): Compiled {
  return direct === undefined ? { code, atom: null } : { code, atom: null, direct };
}

/** How to evaluate a part directly: inline, its own direct code, or a nested machine run. */
export function directOf(part: Compiled): Direct {
  if (part.atom !== null) return part.atom;
  if (part.direct !== undefined) return part.direct;
  const { code } = part;
  return (machine) => runNested(machine, code);
}

const localRead = 0;
const capturedRead = 1;
const directRead = 2;

/**
 * How a site reads its parts: a variable straight from the frame or the closure, anything else
 * by its direct code. Reading variables inline spares a call of a tiny closure per argument.
 */
export type Reads = {
  readonly count: number;
  readonly kinds: Uint8Array;
  readonly indices: Int32Array;
  readonly directs: readonly Direct[];
};

export function readsOf(parts: readonly Compiled[]): Reads {
  const count = parts.length;
  const kinds = new Uint8Array(count);
  const indices = new Int32Array(count);
  const directs = parts.map((part, index) => {
    const { location } = part;
    if (location?.kind === 'local') {
      kinds[index] = localRead;
      indices[index] = location.slot;
    } else if (location?.kind === 'captured') {
      kinds[index] = capturedRead;
      indices[index] = location.index;
    } else kinds[index] = directRead;
    return directOf(part);
  });
  return { count, kinds, indices, directs };
}

/** Part `index` of `reads`, evaluated in the current frame. */
export function readPart(machine: Machine, reads: Reads, index: number): LfValue {
  const kind = reads.kinds[index];
  if (kind === localRead) return machine.frame[reads.indices[index] as number] as LfValue;
  if (kind === capturedRead) return machine.captured[reads.indices[index] as number] as LfValue;
  return (reads.directs[index] as Direct)(machine);
}

/** The parts of `reads`, left to right, into `into` from `offset`. */
export function readInto(machine: Machine, reads: Reads, into: LfValue[], offset: number): void {
  const { count, kinds, indices, directs } = reads;
  const { frame, captured } = machine;
  for (let index = 0; index < count; index += 1) {
    const kind = kinds[index];
    into[offset + index] =
      kind === localRead
        ? (frame[indices[index] as number] as LfValue)
        : kind === capturedRead
          ? (captured[indices[index] as number] as LfValue)
          : (directs[index] as Direct)(machine);
  }
}

/** The direct evaluators of the parts, left to right, into a fresh array. */
export function directAll(parts: readonly Compiled[]): (machine: Machine) => LfValue[] {
  const reads = readsOf(parts);
  const { count } = reads;
  return (machine) => {
    const values = new Array<LfValue>(count);
    readInto(machine, reads, values, 0);
    return values;
  };
}

/** The readers of the parts when every one is an atom, else null. */
export function atomsOf(parts: readonly Compiled[]): ((machine: Machine) => LfValue)[] | null {
  const atoms: ((machine: Machine) => LfValue)[] = [];
  for (const part of parts) {
    if (part.atom === null) return null;
    atoms.push(part.atom);
  }
  return atoms;
}

function peekOf(part: Compiled): Peek | null {
  return part.atom ?? part.peek ?? null;
}

type Finish = (machine: Machine, values: LfValue[]) => void;
type Collecting = Continuation & { readonly values: LfValue[]; readonly index: number };

/** Evaluates the parts left to right, then calls `finish` with their values. */
export function evaluateAll(parts: readonly Compiled[], finish: Finish): Code {
  const count = parts.length;
  const peeks = parts.map(peekOf);
  const resume = (machine: Machine, value: LfValue, self: Continuation): void => {
    const { values, index } = self as Collecting;
    values[index] = value;
    proceed(machine, values, index + 1);
  };
  const proceed = (machine: Machine, values: LfValue[], start: number): void => {
    for (let index = start; index < count; index += 1) {
      const peek = peeks[index];
      if (peek !== null && peek !== undefined) {
        const value = peek(machine);
        if (value !== undefined) {
          values[index] = value;
          continue;
        }
      }
      const continuation: Collecting = {
        resume,
        frame: machine.frame,
        captured: machine.captured,
        values,
        index,
      };
      machine.stack.push(continuation);
      machine.control = (parts[index] as Compiled).code;
      return;
    }
    finish(machine, values);
  };
  return (machine) => proceed(machine, new Array<LfValue>(count), 0);
}

type Then = (machine: Machine, value: LfValue) => void;

/** Evaluates one part, then continues with its value. */
export function evaluateThen(part: Compiled, then: Then): Code {
  const { atom } = part;
  if (atom !== null) return (machine) => then(machine, atom(machine));
  const resume = (machine: Machine, value: LfValue): void => then(machine, value);
  const { peek } = part;
  return (machine) => {
    const value = peek?.(machine);
    if (value !== undefined) {
      then(machine, value);
      return;
    }
    machine.stack.push({ resume, frame: machine.frame, captured: machine.captured });
    machine.control = part.code;
  };
}

/**
 * Evaluates the parts, then `build`s the result from their values. When every part is an
 * atom, so is the whole (data built of variables and literals takes no evaluation step).
 */
export function construct(
  parts: readonly Compiled[],
  build: (values: readonly LfValue[]) => LfValue,
): Compiled {
  const atoms = atomsOf(parts);
  if (atoms === null) {
    const all = directAll(parts);
    return computed(
      evaluateAll(parts, (machine, values) => {
        machine.value = build(values);
      }),
      (machine) => build(all(machine)),
    );
  }
  switch (atoms.length) {
    case 1: {
      const [first] = atoms as [(machine: Machine) => LfValue];
      return atomic((machine) => build([first(machine)]));
    }
    case 2: {
      const [first, second] = atoms as [
        (machine: Machine) => LfValue,
        (machine: Machine) => LfValue,
      ];
      return atomic((machine) => build([first(machine), second(machine)]));
    }
    default:
      return atomic((machine) => {
        const values = new Array<LfValue>(atoms.length);
        for (let index = 0; index < atoms.length; index += 1) {
          values[index] = (atoms[index] as (machine: Machine) => LfValue)(machine);
        }
        return build(values);
      });
  }
}

/** One part's value, transformed by `map`: an atom when the part is. */
export function derive(part: Compiled, map: (value: LfValue) => LfValue): Compiled {
  const { atom } = part;
  if (atom !== null) return atomic((machine) => map(atom(machine)));
  const direct = directOf(part);
  return computed(
    evaluateThen(part, (machine, value) => {
      machine.value = map(value);
    }),
    (machine) => map(direct(machine)),
  );
}
