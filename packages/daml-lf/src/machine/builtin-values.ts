import type { BuiltinFunction } from '../ast/builtins.ts';
import type { BuiltinDefinition } from '../builtins/builtin-definition.ts';
import { pure } from '../builtins/builtin-definition.ts';
import { cryptoBuiltins } from '../builtins/crypto-builtins.ts';
import { genericBuiltins } from '../builtins/generic-builtins.ts';
import { mapBuiltins, mapConstants } from '../builtins/map-builtins.ts';
import { scalarBuiltins } from '../builtins/scalar-builtins.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { AnyExceptionValue, LfValue, RecordValue, TypeRepValue } from '../values/lf-value.ts';
import { noArguments, none, some } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import { closedFunction } from './compile-functions.ts';
import { applyFunction, builtinTarget } from './machine.ts';
import { exceptionOf, parseQualifiedName } from './program.ts';

/** The stdlib's ArithmeticError, which builtins throw even when its package is not loaded. */
export const arithmeticErrorTycon =
  'cb0552debf219cc909f51cbb5c3b41e9981d39f8f645b1f35e2ef5be2e0b858a:DA.Exception.ArithmeticError:ArithmeticError';

/** A failure Daml code raised with FAIL_WITH_STATUS: fatal, with Canton's error fields. */
export class FailureStatus extends FatalFailure {
  readonly errorId: string;
  readonly category: string;
  readonly metadata: Readonly<Record<string, string>>;

  constructor(status: {
    errorId: string;
    category: string;
    message: string;
    metadata: Readonly<Record<string, string>>;
  }) {
    super(status.message);
    this.errorId = status.errorId;
    this.category = status.category;
    this.metadata = status.metadata;
  }
}

function exceptionMessage(context: CompileContext): BuiltinDefinition {
  return {
    arity: 1,
    run: (machine, [exception]) => {
      const { type, value } = exception as AnyExceptionValue;
      const tycon = type.tag === 'Con' ? type.tycon : '';
      const definition = exceptionOf(context.program, parseQualifiedName(tycon));
      if (definition === undefined) {
        if (tycon === arithmeticErrorTycon) {
          machine.value = (value as RecordValue).fields[0] as LfValue;
          return;
        }
        throw new FatalFailure(`exception ${tycon} is not defined`);
      }
      const message = closedFunction(context, `message ${tycon}`, {
        params: ['exception'],
        body: { tag: 'app', fun: definition.message, args: [{ tag: 'var', name: 'exception' }] },
      });
      applyFunction(machine, message, [value]);
    },
  };
}

const failWithStatus: BuiltinDefinition = {
  arity: 4,
  run: (_machine, [errorId, category, message, metadata]) => {
    const map = metadata as { keys: readonly string[]; values: readonly LfValue[] };
    const entries = map.keys.map((key, index) => [key, map.values[index] as string] as const);
    throw new FailureStatus({
      errorId: errorId as string,
      category: (category as { constructor: string }).constructor,
      message: message as string,
      metadata: Object.fromEntries(entries),
    });
  },
};

const typeRepTyconName = pure(1, (rep) => {
  const { type } = rep as TypeRepValue;
  return type.tag === 'Con' ? some(type.tycon) : none;
});

function unsupported(name: string): BuiltinDefinition {
  return {
    arity: 1,
    run: () => {
      throw new FatalFailure(`builtin ${name} is not supported by this node`);
    },
  };
}

function definitionOf(context: CompileContext, name: BuiltinFunction): BuiltinDefinition {
  if (name === 'ANY_EXCEPTION_MESSAGE') return exceptionMessage(context);
  if (name === 'FAIL_WITH_STATUS') return failWithStatus;
  if (name === 'TYPE_REP_TYCON_NAME') return typeRepTyconName;
  return (
    scalarBuiltins[name] ??
    mapBuiltins[name] ??
    genericBuiltins[name] ??
    cryptoBuiltins[name] ??
    unsupported(name)
  );
}

/** The value a builtin stands for: a function of its arity, or the constant itself. */
export function builtinValue(context: CompileContext, name: BuiltinFunction): LfValue {
  const constant = mapConstants[name];
  if (constant !== undefined) return constant;
  const { arity, run, compute, positional, direct } = definitionOf(context, name);
  const target = builtinTarget({
    run,
    name,
    ...(compute === undefined ? {} : { compute }),
    ...(positional === undefined ? {} : { positional }),
    ...(direct === undefined ? {} : { direct }),
  });
  return { tag: 'Function', arity, given: noArguments, target, captured: noArguments };
}
