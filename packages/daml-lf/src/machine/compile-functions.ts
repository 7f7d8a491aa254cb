import type { Expr } from '../ast/expressions.ts';
import type { FunctionValue, LfValue } from '../values/lf-value.ts';
import { noArguments } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import type { Compiled } from './compiled.ts';
import { atomic } from './compiled.ts';
import { generateBody } from './generated-code.ts';
import type { FunctionTarget } from './machine.ts';
import type { Scope } from './scope.ts';
import { captureValues, functionScope } from './scope.ts';

/** `λ x₁ … xₙ . body`: a closure capturing what the body uses from the enclosing scope. */
export function compileLambda(
  context: CompileContext,
  scope: Scope | null,
  lambda: { readonly params: readonly string[]; readonly body: Expr; readonly name: string },
): Compiled {
  const inner = functionScope(scope, lambda.params);
  const compiled = context.expression(inner, lambda.body);
  const body = compiled.code;
  const fn = inner.function;
  const direct = generateBody(fn, compiled, lambda.name);
  const capture = captureValues(fn);
  const arity = lambda.params.length;
  const { name } = lambda;
  // One target for every closure made here: a closure is its captured values and this.
  const target: FunctionTarget = { kind: 'closure', body, direct, frameSize: fn.frameSize, name };
  // Creating a closure reads the captured variables only: an atom.
  return atomic((machine) => ({
    tag: 'Function',
    arity,
    given: noArguments,
    target,
    captured: capture(machine),
  }));
}

/**
 * A closed function of the given parameters (a template's signatories over its payload, a
 * choice's controllers…), compiled once per program and kept.
 */
export function closedFunction(
  context: CompileContext,
  key: string,
  lambda: { readonly params: readonly string[]; readonly body: Expr },
): FunctionValue {
  const known = context.program.functions.get(key);
  if (known !== undefined) return known as FunctionValue;
  const inner = functionScope(null, lambda.params);
  const compiled = context.expression(inner, lambda.body);
  const fn: FunctionValue = {
    tag: 'Function',
    arity: lambda.params.length,
    given: noArguments,
    target: {
      kind: 'closure',
      body: compiled.code,
      direct: generateBody(inner.function, compiled, key),
      frameSize: inner.function.frameSize,
      name: key,
    },
    captured: noArguments,
  };
  context.program.functions.set(key, fn as LfValue);
  return fn;
}
