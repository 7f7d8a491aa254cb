import type { Expr } from '../ast/expressions.ts';
import type { TypeConName } from '../ast/names.ts';
import type { Update } from '../ast/updates.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { AnyExceptionValue, LfValue, OptionalValue } from '../values/lf-value.ts';
import { token } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import { compileBindings, sequence } from './compile-let.ts';
import type { Compiled } from './compiled.ts';
import { atomic, constant, directAll, directOf, evaluateAll, evaluateThen } from './compiled.ts';
import type { Direct } from './direct.ts';
import { applyOne, exceptionOfError } from './direct.ts';
import type { LedgerEffects } from './ledger-effects.ts';
import type { Code, Continuation, Machine } from './machine.ts';
import { applyFunction, throwException, UnhandledException } from './machine.ts';
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

type Ask = (ledger: LedgerEffects, values: LfValue[]) => LfValue;

/** How an update runs: on the machine, and directly (see direct.ts). */
type Performed = { readonly code: Code; readonly direct: Direct };

function asking(
  context: CompileContext,
  scope: Scope,
  parts: readonly Expr[],
  ask: Ask,
): Performed {
  const compiled = parts.map((part) => context.expression(scope, part));
  const all = directAll(compiled);
  return {
    code: evaluateAll(compiled, (machine, values) => {
      machine.value = ask(effects(machine), values);
    }),
    direct: (machine) => ask(effects(machine), all(machine)),
  };
}

/** Runs an Update value directly: applies it to the token. */
function performDirect(machine: Machine, update: LfValue): LfValue {
  return applyOne(machine, update, token);
}

function performing(compiled: Compiled): Performed {
  const direct = directOf(compiled);
  return {
    code: evaluateThen(compiled, perform),
    direct: (machine) => performDirect(machine, direct(machine)),
  };
}

type Handler = Continuation & { readonly scope: { rollback(): void } };

function compileTry(
  context: CompileContext,
  scope: Scope,
  update: Extract<Update, { tag: 'tryCatch' }>,
): Performed {
  const { code: body, direct: bodyDirect } = performing(context.expression(scope, update.tryExpr));
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
  const handlerDirect = directOf(handler);
  const direct = (machine: Machine): LfValue => {
    const tryScope = effects(machine).beginTry();
    const { frame, captured, stack } = machine;
    const depth = stack.length;
    try {
      return bodyDirect(machine);
    } catch (error) {
      const exception = exceptionOfError(machine, error);
      if (exception === null) throw error;
      machine.frame = frame;
      machine.captured = captured;
      stack.length = depth;
      tryScope.rollback();
      frame[slot] = exception;
      const chosen = handlerDirect(machine) as OptionalValue;
      if (chosen.tag === 'None') throw new UnhandledException(exception);
      return performDirect(machine, chosen.value);
    }
  };
  const code: Code = (machine) => {
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
  return { code, direct };
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

function performCode(context: CompileContext, scope: Scope, update: Update): Performed {
  switch (update.tag) {
    case 'pure': {
      const compiled = context.expression(scope, update.expr);
      return { code: compiled.code, direct: directOf(compiled) };
    }
    case 'block': {
      const { scope: inner, steps } = compileBindings(context, scope, update.bindings);
      const body = performing(context.expression(inner, update.body));
      const slots = steps.map((step) => step.slot);
      const bound = steps.map((step) => directOf(step.bound));
      return {
        code: sequence(steps, body.code, perform),
        direct: (machine) => {
          for (let index = 0; index < slots.length; index += 1) {
            const value = performDirect(machine, (bound[index] as Direct)(machine));
            machine.frame[slots[index] as number] = value;
          }
          return body.direct(machine);
        },
      };
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
      return {
        code: (machine) => {
          machine.value = effects(machine).getTime();
        },
        direct: (machine) => effects(machine).getTime(),
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
  const { code: body, direct } = performCode(context, inner, update);
  const fn = inner.function;
  const capture = captureValues(fn);
  // Creating the update reads the captured variables only: an atom.
  return atomic((machine) => ({
    tag: 'Function',
    arity: 1,
    given: [],
    target: {
      kind: 'closure',
      body,
      direct,
      captured: capture(machine),
      frameSize: fn.frameSize,
      name: update.tag,
    },
  }));
}
