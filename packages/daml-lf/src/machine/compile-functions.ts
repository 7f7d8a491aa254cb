import type { Expr } from '../ast/expressions.ts';
import type { FunctionValue, LfValue } from '../values/lf-value.ts';
import { noArguments } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import type { Compiled } from './compiled.ts';
import { atomic, constant } from './compiled.ts';
import { closureSource, constantSource, generateBody } from './generated-code.ts';
import { closureTarget } from './machine.ts';
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
  const arity = lambda.params.length;
  const generated = generateBody(fn, compiled, lambda.name, arity);
  const capture = captureValues(fn);
  const { name } = lambda;
  // One target for every closure made here: a closure is its captured values and this.
  const target = closureTarget({ body, ...generated, frameSize: fn.frameSize, name });
  if (fn.captures.length === 0) {
    // Capturing nothing, every closure made here is the same value (functions are immutable
    // and never compared): made once.
    const value: LfValue = {
      tag: 'Function',
      arity,
      given: noArguments,
      target,
      captured: noArguments,
    };
    return scope === null
      ? constant(value)
      : { ...constant(value), source: constantSource(scope.function, value) };
  }
  // Creating a closure reads the captured variables only: an atom.
  const compiledClosure = atomic((machine) => ({
    tag: 'Function',
    arity,
    given: noArguments,
    target,
    captured: capture(machine),
  }));
  if (scope === null) return compiledClosure;
  return { ...compiledClosure, source: closureSource(scope.function, fn, target, arity) };
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
    target: closureTarget({
      body: compiled.code,
      ...generateBody(inner.function, compiled, key, lambda.params.length),
      frameSize: inner.function.frameSize,
      name: key,
    }),
    captured: noArguments,
  };
  context.program.functions.set(key, fn as LfValue);
  return fn;
}
