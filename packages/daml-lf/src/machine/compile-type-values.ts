import type { Expr } from '../ast/expressions.ts';
import type { Type } from '../ast/types.ts';
import { compareTypes } from '../values/compare-values.ts';
import type { AnyValue, LfValue, RuntimeType } from '../values/lf-value.ts';
import { none, some } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import type { Compiled } from './compiled.ts';
import { atomic, computed, evaluateThen } from './compiled.ts';
import { throwException } from './machine.ts';
import type { Program } from './program.ts';
import { runtimeType } from './runtime-types.ts';

/** The run-time type, computed on first use: a definition may mention types it never reaches. */
function lazyType(program: Program, type: Type): () => RuntimeType {
  let known: RuntimeType | null = null;
  return () => {
    known ??= runtimeType(program, type);
    return known;
  };
}

function wrap(
  context: CompileContext,
  scope: Parameters<CompileContext['expression']>[0],
  expr: { type: Type; expr: Expr },
  tag: 'Any' | 'AnyException',
): Compiled {
  const type = lazyType(context.program, expr.type);
  return computed(
    evaluateThen(context.expression(scope, expr.expr), (machine, value) => {
      machine.value = { tag, type: type(), value };
    }),
  );
}

function unwrap(
  context: CompileContext,
  scope: Parameters<CompileContext['expression']>[0],
  expr: { type: Type; expr: Expr },
): Compiled {
  const type = lazyType(context.program, expr.type);
  return computed(
    evaluateThen(context.expression(scope, expr.expr), (machine, value) => {
      const wrapped = value as AnyValue;
      machine.value = compareTypes(wrapped.type, type()) === 0 ? some(wrapped.value) : none;
    }),
  );
}

/** Any, TypeRep and exceptions: the constructs that keep a type at run time. */
export function compileTypeValues(
  context: CompileContext,
  scope: Parameters<CompileContext['expression']>[0],
  expr: Expr,
): Compiled | null {
  switch (expr.tag) {
    case 'toAny':
      return wrap(context, scope, expr, 'Any');
    case 'toAnyException':
      return wrap(context, scope, expr, 'AnyException');
    case 'fromAny':
    case 'fromAnyException':
      return unwrap(context, scope, expr);
    case 'typeRep': {
      const type = lazyType(context.program, expr.type);
      let value: LfValue | null = null;
      return atomic(() => {
        value ??= { tag: 'TypeRep', type: type() };
        return value;
      });
    }
    case 'throw': {
      const type = lazyType(context.program, expr.exceptionType);
      return computed(
        evaluateThen(context.expression(scope, expr.exception), (machine, value) => {
          throwException(machine, { tag: 'AnyException', type: type(), value });
        }),
      );
    }
    default:
      return null;
  }
}
