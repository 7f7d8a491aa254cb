import type { Expr } from '../ast/expressions.ts';
import type { TypeConName } from '../ast/names.ts';
import type { Update } from '../ast/updates.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { AnyExceptionValue, LfValue, OptionalValue } from '../values/lf-value.ts';
import { token } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import { compileBindings, sequence } from './compile-let.ts';
import type { Compiled } from './compiled.ts';
import { computed, constant, evaluateAll, evaluateThen } from './compiled.ts';
import type { LedgerEffects } from './ledger-effects.ts';
import type { Code, Continuation, Machine } from './machine.ts';
import { applyFunction, throwException } from './machine.ts';
import type { Scope } from './scope.ts';
import { bind, captureValues, functionScope } from './scope.ts';

function effects(machine: Machine): LedgerEffects {
  if (machine.effects === null) throw new FatalFailure('an Update ran outside a transaction');
  return machine.effects;
}

/** Runs an Update value: applies it to the token. */
export function perform(machine: Machine, update: LfValue): void {
  applyFunction(machine, update, [token]);
}

function performing(compiled: Compiled): Code {
  return evaluateThen(compiled, perform);
}

type Ask = (ledger: LedgerEffects, values: LfValue[]) => LfValue;

function asking(context: CompileContext, scope: Scope, parts: readonly Expr[], ask: Ask): Code {
  const compiled = parts.map((part) => context.expression(scope, part));
  return evaluateAll(compiled, (machine, values) => {
    machine.value = ask(effects(machine), values);
  });
}

type Handler = Continuation & { readonly scope: { rollback(): void } };

function compileTry(
  context: CompileContext,
  scope: Scope,
  update: Extract<Update, { tag: 'tryCatch' }>,
): Code {
  const body = performing(context.expression(scope, update.tryExpr));
  const { scope: inner, slot } = bind(scope, update.binder);
  const handler = context.expression(inner, update.catchExpr);
  const afterHandler = (machine: Machine, chosen: LfValue, self: Continuation): void => {
    const option = chosen as OptionalValue;
    if (option.tag === 'None')
      throwException(machine, (self as Continuation & { exception: AnyExceptionValue }).exception);
    else perform(machine, option.value);
  };
  const handle = (machine: Machine, exception: AnyExceptionValue, self: Continuation): void => {
    (self as Handler).scope.rollback();
    machine.frame[slot] = exception;
    machine.stack.push({
      resume: afterHandler,
      frame: machine.frame,
      captured: machine.captured,
      exception,
    } as Continuation);
    machine.control = handler.code;
  };
  const passThrough = (machine: Machine, value: LfValue): void => {
    machine.value = value;
  };
  return (machine) => {
    const marker: Handler = {
      resume: passThrough,
      handle,
      frame: machine.frame,
      captured: machine.captured,
      scope: effects(machine).beginTry(),
    };
    machine.stack.push(marker);
    machine.control = body;
  };
}

function byKey(kind: 'fetchByKey' | 'lookupByKey', template: TypeConName): Compiled {
  return constant({
    tag: 'Function',
    arity: 2,
    given: [],
    target: {
      kind: 'builtin',
      name: kind,
      run: (machine, [key]) => {
        machine.value = effects(machine)[kind](template, key as LfValue);
      },
    },
  });
}

function performCode(context: CompileContext, scope: Scope, update: Update): Code {
  switch (update.tag) {
    case 'pure':
      return context.expression(scope, update.expr).code;
    case 'block': {
      const { scope: inner, steps } = compileBindings(context, scope, update.bindings);
      return sequence(steps, performing(context.expression(inner, update.body)), perform);
    }
    case 'embedExpr':
      return performing(context.expression(scope, update.body));
    case 'create':
      return asking(context, scope, [update.expr], (ledger, [payload]) =>
        ledger.create(update.template, payload as LfValue),
      );
    case 'createInterface':
      return asking(context, scope, [update.expr], (ledger, [payload]) =>
        ledger.create(update.interface, payload as LfValue),
      );
    case 'exercise':
      return asking(context, scope, [update.cid, update.arg], (ledger, [contractId, argument]) =>
        ledger.exercise({
          template: update.template,
          choice: update.choice,
          contractId: contractId as LfValue,
          argument: argument as LfValue,
        }),
      );
    case 'exerciseInterface':
      return asking(context, scope, [update.cid, update.arg], (ledger, [contractId, argument]) =>
        ledger.exerciseInterface({
          iface: update.interface,
          choice: update.choice,
          contractId: contractId as LfValue,
          argument: argument as LfValue,
        }),
      );
    case 'exerciseByKey':
      return asking(context, scope, [update.key, update.arg], (ledger, [key, argument]) =>
        ledger.exerciseByKey({
          template: update.template,
          choice: update.choice,
          key: key as LfValue,
          argument: argument as LfValue,
        }),
      );
    case 'fetch':
      return asking(context, scope, [update.cid], (ledger, [contractId]) =>
        ledger.fetch(update.template, contractId as LfValue),
      );
    case 'fetchInterface':
      return asking(context, scope, [update.cid], (ledger, [contractId]) =>
        ledger.fetchInterface(update.interface, contractId as LfValue),
      );
    case 'getTime':
      return (machine) => {
        machine.value = effects(machine).getTime();
      };
    case 'ledgerTimeLt':
      return asking(context, scope, [update.expr], (ledger, [time]) =>
        ledger.ledgerTimeLt(time as LfValue),
      );
    case 'tryCatch':
      return compileTry(context, scope, update);
    case 'fetchByKey':
    case 'lookupByKey':
      throw new Error('unreachable: by-key updates are functions');
  }
}

/**
 * An update expression evaluates to a function of the update token (as in Speedy): running
 * the update applies it, so the ledger actions happen in order, on the machine's stack.
 */
export function compileUpdate(context: CompileContext, scope: Scope, update: Update): Compiled {
  if (update.tag === 'fetchByKey' || update.tag === 'lookupByKey')
    return byKey(update.tag, update.template);
  const inner = functionScope(scope, ['$token']);
  const body = performCode(context, inner, update);
  const fn = inner.function;
  const capture = captureValues(fn);
  return computed((machine) => {
    machine.value = {
      tag: 'Function',
      arity: 1,
      given: [],
      target: {
        kind: 'closure',
        body,
        captured: capture(machine),
        frameSize: fn.frameSize,
        name: update.tag,
      },
    };
  });
}
