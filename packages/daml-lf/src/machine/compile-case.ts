import type { CasePattern, ExprOf } from '../ast/expressions.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { LfValue } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import type { Compiled } from './compiled.ts';
import { computed, directOf, evaluateThen } from './compiled.ts';
import { constructorRank } from './data-types.ts';
import type { Direct } from './direct.ts';
import { sourceOf, temporary } from './generated-code.ts';
import type { Code, Machine } from './machine.ts';
import type { Scope } from './scope.ts';
import { bind } from './scope.ts';

/** Matches a value; on success stores what the pattern binds and returns true. */
type Matcher = (machine: Machine, value: LfValue) => boolean;

/** A pattern's test, the scope of its alternative, and what it binds as source (see generated-code.ts). */
type Matching = { match: Matcher; scope: Scope; binds?: (value: string) => string };

function matcher(context: CompileContext, scope: Scope, pattern: CasePattern): Matching {
  switch (pattern.tag) {
    case 'default':
      return { match: () => true, scope };
    case 'builtinCon': {
      const expected =
        pattern.con === 'CON_TRUE' ? true : pattern.con === 'CON_FALSE' ? false : null;
      return { match: (_machine, value) => expected === null || value === expected, scope };
    }
    case 'nil':
      return { match: (_machine, value) => (value as { tag: string }).tag === 'Nil', scope };
    case 'optionalNone':
      return { match: (_machine, value) => (value as { tag: string }).tag === 'None', scope };
    case 'optionalSome': {
      const { scope: inner, slot } = bind(scope, pattern.binder);
      return {
        scope: inner,
        binds: (value) => `f[${slot}] = ${value}.value`,
        match: (machine, value) => {
          if ((value as { tag: string }).tag !== 'Some') return false;
          machine.frame[slot] = (value as { value: LfValue }).value;
          return true;
        },
      };
    }
    case 'cons': {
      const head = bind(scope, pattern.head);
      const tail = bind(head.scope, pattern.tail);
      return {
        scope: tail.scope,
        binds: (value) => `f[${head.slot}] = ${value}.head, f[${tail.slot}] = ${value}.tail`,
        match: (machine, value) => {
          if ((value as { tag: string }).tag !== 'Cons') return false;
          const cell = value as { head: LfValue; tail: LfValue };
          machine.frame[head.slot] = cell.head;
          machine.frame[tail.slot] = cell.tail;
          return true;
        },
      };
    }
    case 'variant': {
      const rank = constructorRank(context.program, pattern.tycon, pattern.variant);
      const { scope: inner, slot } = bind(scope, pattern.binder);
      return {
        scope: inner,
        binds: (value) => `f[${slot}] = ${value}.value`,
        match: (machine, value) => {
          if ((value as { rank: number }).rank !== rank) return false;
          machine.frame[slot] = (value as { value: LfValue }).value;
          return true;
        },
      };
    }
    case 'enum': {
      const rank = constructorRank(context.program, pattern.tycon, pattern.constructor);
      return { match: (_machine, value) => (value as { rank: number }).rank === rank, scope };
    }
  }
}

// What a case branches on, read from the value: a variant's or enum's rank, a boolean, whether an
// optional is Some, whether a list is a Cons.
const byRank = 0;
const byBool = 1;
const bySome = 2;
const byCons = 3;

function familyOf(pattern: CasePattern): number | null {
  switch (pattern.tag) {
    case 'variant':
    case 'enum':
      return byRank;
    case 'builtinCon':
      return pattern.con === 'CON_UNIT' ? null : byBool;
    case 'optionalNone':
    case 'optionalSome':
      return bySome;
    case 'nil':
    case 'cons':
      return byCons;
    case 'default':
      return null;
  }
}

function keyOf(family: number, value: LfValue): number {
  if (family === byRank) return (value as { rank: number }).rank;
  if (family === byBool) return value === true ? 1 : 0;
  return (value as { tag: string }).tag === (family === bySome ? 'Some' : 'Cons') ? 1 : 0;
}

function patternKey(context: CompileContext, pattern: CasePattern): number | null {
  switch (pattern.tag) {
    case 'variant':
      return constructorRank(context.program, pattern.tycon, pattern.variant);
    case 'enum':
      return constructorRank(context.program, pattern.tycon, pattern.constructor);
    case 'builtinCon':
      return pattern.con === 'CON_TRUE' ? 1 : pattern.con === 'CON_FALSE' ? 0 : null;
    case 'optionalSome':
    case 'cons':
      return 1;
    case 'optionalNone':
    case 'nil':
      return 0;
    case 'default':
      return null;
  }
}

/**
 * The alternative each key selects (the first that matches it), and the one taken by keys no
 * pattern names (-1: a match error). A case branches by one table lookup, not by trying each
 * pattern in turn.
 */
function dispatchTable(
  context: CompileContext,
  patterns: readonly CasePattern[],
): { family: number; table: Int32Array; otherwise: number } | null {
  const families = new Set(patterns.map(familyOf).filter((family) => family !== null));
  if (families.size !== 1) return null;
  const [family = byRank] = families as Set<number>;
  const keys = patterns.map((pattern) => patternKey(context, pattern));
  const size = Math.max(2, ...keys.map((key) => (key ?? 0) + 1));
  const table = new Int32Array(size).fill(-2);
  let otherwise = -1;
  keys.forEach((key, index) => {
    if (key === null || key === undefined) {
      if (otherwise === -1) otherwise = index;
      for (let slot = 0; slot < size; slot += 1) if (table[slot] === -2) table[slot] = index;
    } else if (table[key] === -2) table[key] = index;
  });
  for (let slot = 0; slot < size; slot += 1) if (table[slot] === -2) table[slot] = -1;
  return { family, table, otherwise };
}

/** `case e of p₁ → e₁ | …`: the first matching alternative; none is a fatal match error. */
export function compileCase(context: CompileContext, scope: Scope, expr: ExprOf<'case'>): Compiled {
  const scrutinee = context.expression(scope, expr.scrut);
  const alternatives: Alternative[] = expr.alts.map((alternative) => {
    const { match, scope: inner, binds } = matcher(context, scope, alternative.pattern);
    const body = context.expression(inner, alternative.body);
    const source = sourceOf(scope.function, body);
    return { match, body: body.code, direct: directOf(body), binds, source };
  });
  const scrutineeDirect = directOf(scrutinee);
  const dispatch = dispatchTable(
    context,
    expr.alts.map((alternative) => alternative.pattern),
  );
  const direct =
    dispatch === null
      ? (machine: Machine): LfValue => {
          const value = scrutineeDirect(machine);
          for (const alternative of alternatives) {
            if (alternative.match(machine, value)) return alternative.direct(machine);
          }
          throw new FatalFailure('match error');
        }
      : (machine: Machine): LfValue => {
          const value = scrutineeDirect(machine);
          const { family, table, otherwise } = dispatch;
          const key = keyOf(family, value);
          const index = key < table.length ? (table[key] as number) : otherwise;
          const alternative = alternatives[index];
          if (alternative === undefined) throw new FatalFailure('match error');
          alternative.match(machine, value);
          return alternative.direct(machine);
        };
  const compiled = computed(
    evaluateThen(scrutinee, (machine, value) => {
      for (const alternative of alternatives) {
        if (alternative.match(machine, value)) {
          machine.control = alternative.body;
          return;
        }
      }
      throw new FatalFailure('match error');
    }),
    direct,
  );
  if (dispatch === null) return compiled;
  return { ...compiled, source: caseSource(scope, scrutinee, alternatives, dispatch) };
}

type Alternative = {
  readonly match: Matcher;
  readonly body: Code;
  readonly direct: Direct;
  readonly binds: ((value: string) => string) | undefined;
  readonly source: string;
};

/** The test of a key on the case's temporary, in source. */
function keyTest(family: number, value: string, key: number): string {
  if (family === byRank) return `${value}.rank === ${key}`;
  if (family === byBool) return `${value} === ${key === 1}`;
  const tag = family === bySome ? ['None', 'Some'] : ['Nil', 'Cons'];
  return `${value}.tag === '${tag[key]}'`;
}

/** A dispatched case as a chain of conditionals on a temporary, first match first. */
function caseSource(
  scope: Scope,
  scrutinee: Compiled,
  alternatives: readonly Alternative[],
  dispatch: { family: number; table: Int32Array; otherwise: number },
): string {
  const value = temporary(scope.function);
  const taken = (index: number): string => {
    const alternative = alternatives[index] as Alternative;
    const binds = alternative.binds?.(value);
    return binds === undefined ? alternative.source : `(${binds}, ${alternative.source})`;
  };
  const { family, table, otherwise } = dispatch;
  const tests: string[] = [];
  table.forEach((index, key) => {
    if (index >= 0 && index !== otherwise)
      tests.push(`${keyTest(family, value, key)} ? ${taken(index)} : `);
  });
  const rest = otherwise >= 0 ? taken(otherwise) : 'matchError()';
  return `(${value} = ${sourceOf(scope.function, scrutinee)}, ${tests.join('')}${rest})`;
}
