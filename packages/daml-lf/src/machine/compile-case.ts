import type { CasePattern, ExprOf } from '../ast/expressions.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { LfValue } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import type { Compiled } from './compiled.ts';
import { computed, directOf, evaluateThen } from './compiled.ts';
import { constructorRank } from './data-types.ts';
import type { Direct } from './direct.ts';
import type { Code, Machine } from './machine.ts';
import type { Scope } from './scope.ts';
import { bind } from './scope.ts';

/** Matches a value; on success stores what the pattern binds and returns true. */
type Matcher = (machine: Machine, value: LfValue) => boolean;

function matcher(
  context: CompileContext,
  scope: Scope,
  pattern: CasePattern,
): { match: Matcher; scope: Scope } {
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

/** `case e of p₁ → e₁ | …`: the first matching alternative; none is a fatal match error. */
export function compileCase(context: CompileContext, scope: Scope, expr: ExprOf<'case'>): Compiled {
  const scrutinee = context.expression(scope, expr.scrut);
  const alternatives: { match: Matcher; body: Code; direct: Direct }[] = expr.alts.map(
    (alternative) => {
      const { match, scope: inner } = matcher(context, scope, alternative.pattern);
      const body = context.expression(inner, alternative.body);
      return { match, body: body.code, direct: directOf(body) };
    },
  );
  const scrutineeDirect = directOf(scrutinee);
  const direct = (machine: Machine): LfValue => {
    const value = scrutineeDirect(machine);
    for (const alternative of alternatives) {
      if (alternative.match(machine, value)) return alternative.direct(machine);
    }
    throw new FatalFailure('match error');
  };
  return computed(
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
}
