import type { Expr } from '../ast/expressions.ts';
import type { ArithmeticFailure } from '../values/evaluation-errors.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { AnyExceptionValue, FunctionValue, LfValue } from '../values/lf-value.ts';
import { arithmeticErrorTycon, builtinValue } from './builtin-values.ts';
import type { CompileContext } from './compile-context.ts';
import { directOf } from './compiled.ts';
import { createCompiler } from './compiler.ts';
import { applyDirect, exceptionOfError } from './direct.ts';
import type { LedgerEffects } from './ledger-effects.ts';
import type { Machine } from './machine.ts';
import { createMachine, UnhandledException } from './machine.ts';
import type { PackageSource } from './program.ts';
import { createProgram } from './program.ts';
import { functionScope } from './scope.ts';

/** Steps one evaluation may take before it is stopped as runaway. */
export const defaultFuel = 50_000_000;

/** A package set compiled for evaluation; caches live as long as it does. */
export type Evaluator = { readonly compiler: CompileContext; readonly fuel: number };

export function createEvaluator(
  packages: PackageSource,
  options: { fuel?: number } = {},
): Evaluator {
  return { compiler: createCompiler(createProgram(packages)), fuel: options.fuel ?? defaultFuel };
}

function arithmeticException(failure: ArithmeticFailure): AnyExceptionValue {
  return {
    tag: 'AnyException',
    type: { tag: 'Con', tycon: arithmeticErrorTycon },
    value: { tag: 'Record', tycon: arithmeticErrorTycon, fields: [failure.message] },
  };
}

function newMachine(evaluator: Evaluator, effects: LedgerEffects | null): Machine {
  return createMachine({ fuel: evaluator.fuel, exceptionOf: arithmeticException, effects });
}

/** Evaluates a closed expression. */
export function evaluate(
  evaluator: Evaluator,
  expr: Expr,
  effects: LedgerEffects | null = null,
): LfValue {
  const scope = functionScope(null, []);
  const direct = directOf(evaluator.compiler.expression(scope, expr));
  const machine = newMachine(evaluator, effects);
  machine.frame = new Array<LfValue>(scope.function.frameSize);
  return evaluateDirectly(machine, direct);
}

/**
 * Runs direct code (see direct.ts) as an evaluation: a Daml exception that leaves it is
 * unhandled, whatever JavaScript error carried it.
 */
function evaluateDirectly(machine: Machine, run: (machine: Machine) => LfValue): LfValue {
  try {
    return run(machine);
  } catch (error) {
    if (error instanceof UnhandledException) throw error;
    const exception = exceptionOfError(machine, error);
    if (exception === null) throw error;
    throw new UnhandledException(exception);
  }
}

/** Applies a function value to arguments and evaluates the result. */
export function applyValue(
  evaluator: Evaluator,
  fn: FunctionValue | LfValue,
  args: readonly LfValue[],
  effects: LedgerEffects | null = null,
): LfValue {
  const machine = newMachine(evaluator, effects);
  return evaluateDirectly(machine, (running) => applyDirect(running, fn, args));
}

/** The message of an exception, as `ANY_EXCEPTION_MESSAGE` gives it. */
export function exceptionMessage(evaluator: Evaluator, exception: AnyExceptionValue): string {
  const message = applyValue(evaluator, builtinValue(evaluator.compiler, 'ANY_EXCEPTION_MESSAGE'), [
    exception,
  ]);
  if (typeof message !== 'string') throw new FatalFailure('exception message is not text');
  return message;
}

/**
 * How an unhandled exception reads in an error, as Canton 3 words it (the exception becomes
 * a failure status `UNHANDLED_EXCEPTION/Module:Name`, category 9).
 */
export function describeUnhandled(evaluator: Evaluator, error: UnhandledException): string {
  const { type } = error.exception;
  const name = type.tag === 'Con' ? type.tycon.slice(type.tycon.indexOf(':') + 1) : 'exception';
  const message = exceptionMessage(evaluator, error.exception);
  return `User failure: UNHANDLED_EXCEPTION/${name} (error category 9): ${message}`;
}

export { UnhandledException };
