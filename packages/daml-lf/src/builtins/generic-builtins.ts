import { call2 } from '../machine/generated-calls.ts';
import type { Continuation } from '../machine/machine.ts';
import { applyFunction } from '../machine/machine.ts';
import { compareValues } from '../values/compare-values.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { ConsValue, LfValue, ListValue } from '../values/lf-value.ts';
import { listToArray } from '../values/lf-value.ts';
import type { BuiltinDefinition } from './builtin-definition.ts';
import { pure } from './builtin-definition.ts';

function comparison(holds: (order: number) => boolean): BuiltinDefinition {
  return pure(2, (left, right) => holds(compareValues(left as LfValue, right as LfValue)));
}

type FoldLeft = Continuation & { readonly fn: LfValue; readonly rest: ListValue };
type FoldRight = Continuation & {
  readonly fn: LfValue;
  readonly items: LfValue[];
  readonly index: number;
};
type ListEquality = Continuation & {
  readonly fn: LfValue;
  readonly left: ListValue;
  readonly right: ListValue;
};

/** One step of FOLDL per element, on the continuation stack (Speedy's KFoldl). */
const foldLeftStep = (
  machine: Parameters<Continuation['resume']>[0],
  accumulator: LfValue,
  self: Continuation,
) => {
  const { fn, rest } = self as FoldLeft;
  if (rest.tag === 'Nil') {
    machine.value = accumulator;
    return;
  }
  const step: FoldLeft = {
    ...(self as FoldLeft),
    rest: rest.tail,
    frame: machine.frame,
    captured: machine.captured,
  };
  machine.stack.push(step);
  applyFunction(machine, fn, [accumulator, rest.head]);
};

const foldRightStep = (
  machine: Parameters<Continuation['resume']>[0],
  accumulator: LfValue,
  self: Continuation,
) => {
  const { fn, items, index } = self as FoldRight;
  if (index < 0) {
    machine.value = accumulator;
    return;
  }
  const next: FoldRight = {
    ...(self as FoldRight),
    index: index - 1,
    frame: machine.frame,
    captured: machine.captured,
  };
  machine.stack.push(next);
  applyFunction(machine, fn, [items[index] as LfValue, accumulator]);
};

const listEqualityStep = (
  machine: Parameters<Continuation['resume']>[0],
  equal: LfValue,
  self: Continuation,
) => {
  const { fn, left, right } = self as ListEquality;
  if (equal === false) {
    machine.value = false;
    return;
  }
  if (left.tag === 'Nil' || right.tag === 'Nil') {
    machine.value = left.tag === right.tag;
    return;
  }
  const next: ListEquality = {
    ...(self as ListEquality),
    left: left.tail,
    right: right.tail,
    frame: machine.frame,
    captured: machine.captured,
  };
  machine.stack.push(next);
  applyFunction(machine, fn, [(left as ConsValue).head, (right as ConsValue).head]);
};

export const genericBuiltins: Readonly<Record<string, BuiltinDefinition>> = {
  EQUAL: comparison((order) => order === 0),
  LESS_EQ: comparison((order) => order <= 0),
  LESS: comparison((order) => order < 0),
  GREATER_EQ: comparison((order) => order >= 0),
  GREATER: comparison((order) => order > 0),
  TRACE: pure(2, (_, value) => value as LfValue),
  ERROR: {
    arity: 1,
    run: (_machine, [message]) => {
      throw new FatalFailure(message as string);
    },
  },
  FOLDL: {
    arity: 3,
    // Calls its function as generated code does: no arguments array per element.
    direct: (machine, [fn, initial, list]) => {
      let accumulator = initial as LfValue;
      for (let cell = list as ListValue; cell.tag === 'Cons'; cell = cell.tail) {
        accumulator = call2(machine, fn as LfValue, accumulator, cell.head);
      }
      return accumulator;
    },
    run: (machine, [fn, initial, list]) => {
      const step: FoldLeft = {
        resume: foldLeftStep,
        frame: machine.frame,
        captured: machine.captured,
        fn: fn as LfValue,
        rest: list as ListValue,
      };
      machine.stack.push(step);
      machine.value = initial as LfValue;
    },
  },
  FOLDR: {
    arity: 3,
    direct: (machine, [fn, initial, list]) => {
      const items = listToArray(list as ListValue);
      let accumulator = initial as LfValue;
      for (let index = items.length - 1; index >= 0; index -= 1) {
        accumulator = call2(machine, fn as LfValue, items[index] as LfValue, accumulator);
      }
      return accumulator;
    },
    run: (machine, [fn, initial, list]) => {
      const items = listToArray(list as ListValue);
      const step: FoldRight = {
        resume: foldRightStep,
        frame: machine.frame,
        captured: machine.captured,
        fn: fn as LfValue,
        items,
        index: items.length - 1,
      };
      machine.stack.push(step);
      machine.value = initial as LfValue;
    },
  },
  EQUAL_LIST: {
    arity: 3,
    direct: (machine, [fn, left, right]) => {
      let l = left as ListValue;
      let r = right as ListValue;
      for (; l.tag === 'Cons' && r.tag === 'Cons'; l = l.tail, r = r.tail) {
        if (call2(machine, fn as LfValue, l.head, r.head) === false) return false;
      }
      return l.tag === r.tag;
    },
    run: (machine, [fn, left, right]) => {
      const step: ListEquality = {
        resume: listEqualityStep,
        frame: machine.frame,
        captured: machine.captured,
        fn: fn as LfValue,
        left: left as ListValue,
        right: right as ListValue,
      };
      machine.stack.push(step);
      machine.value = true;
    },
  },
};
