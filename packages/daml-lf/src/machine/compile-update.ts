import type { Expr } from '../ast/expressions.ts';
import type { TypeConName } from '../ast/names.ts';
import type { Update } from '../ast/updates.ts';
import type { LfValue } from '../values/lf-value.ts';
import { noArguments } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import { compileExercise } from './compile-exercise.ts';
import type { Step } from './compile-let.ts';
import { sequence } from './compile-let.ts';
import { compileTry } from './compile-try.ts';
import type { Compiled } from './compiled.ts';
import { atomic, computed, constant, directAll, directOf, evaluateAll } from './compiled.ts';
import type { Direct } from './direct.ts';
import { enterOf } from './direct.ts';
import { closureSource, constantSource, generateBody, sourceOf } from './generated-code.ts';
import type { LedgerEffects } from './ledger-effects.ts';
import type { Machine } from './machine.ts';
import { builtinTarget, closureTarget } from './machine.ts';
import type { Performed } from './performed-update.ts';
import { effects, perform, performDirect, performing } from './performed-update.ts';
import type { Scope } from './scope.ts';
import { bind, captureValues, functionScope } from './scope.ts';

type Ask = (ledger: LedgerEffects, values: LfValue[]) => LfValue;

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

/** The update an expression writes in place, when it runs in the enclosing frame. */
function inPlace(expr: Expr): Update | null {
  if (expr.tag !== 'update') return null;
  const { update } = expr;
  return update.tag === 'fetchByKey' || update.tag === 'lookupByKey' ? null : update;
}

/**
 * Runs an expression's update. An update written in place runs in the current frame: no
 * closure over the token is built only to be applied at once.
 */
function performingExpression(context: CompileContext, scope: Scope, expr: Expr): Performed {
  const update = inPlace(expr);
  if (update !== null) return performCode(context, scope, update);
  const compiled = context.expression(scope, expr);
  const source = `performUpdate(m, ${sourceOf(scope.function, compiled)})`;
  return { ...performing(compiled), source };
}

/** A performed update's source: its own, or a call of its direct closure. */
function performedSource(scope: Scope, performed: Performed): string {
  return performed.source ?? `${constantSource(scope.function, performed.direct)}(m)`;
}

/** An update block's bindings, those written in place compiled to run in the block's frame. */
function compileBlockSteps(
  context: CompileContext,
  scope: Scope,
  bindings: readonly { readonly binder: { readonly name: string }; readonly bound: Expr }[],
): { scope: Scope; steps: Step[] } {
  let current = scope;
  const steps: Step[] = [];
  for (const binding of bindings) {
    const update = inPlace(binding.bound);
    let step: Omit<Step, 'slot'>;
    if (update === null) step = { bound: context.expression(current, binding.bound) };
    else {
      const performed = performCode(context, current, update);
      const source = performedSource(current, performed);
      step = { bound: { ...computed(performed.code, performed.direct), source }, performed: true };
    }
    const next = bind(current, binding.binder.name);
    current = next.scope;
    steps.push({ ...step, slot: next.slot });
  }
  return { scope: current, steps };
}

function byKey(kind: 'fetchByKey' | 'lookupByKey', template: TypeConName): Compiled {
  return constant({
    tag: 'Function',
    arity: 2,
    given: noArguments,
    target: builtinTarget({
      name: kind,
      run: (machine, [key]) => {
        machine.value = effects(machine)[kind](template, key as LfValue);
      },
    }),
    captured: noArguments,
  });
}

function performCode(context: CompileContext, scope: Scope, update: Update): Performed {
  switch (update.tag) {
    case 'pure': {
      const compiled = context.expression(scope, update.expr);
      const source = sourceOf(scope.function, compiled);
      return { code: compiled.code, direct: directOf(compiled), source };
    }
    case 'block': {
      const { scope: inner, steps } = compileBlockSteps(context, scope, update.bindings);
      const body = performingExpression(context, inner, update.body);
      const slots = steps.map((step) => step.slot);
      const runs = steps.map((step) => {
        const direct = directOf(step.bound);
        return step.performed === true
          ? direct
          : (machine: Machine) => performDirect(machine, direct(machine));
      });
      const stepSources = steps.map((step) => {
        const bound = sourceOf(inner.function, step.bound);
        const value = step.performed === true ? bound : `performUpdate(m, ${bound})`;
        return `f[${step.slot}] = ${value}`;
      });
      return {
        code: sequence(steps, body.code, perform),
        direct: (machine) => {
          for (let index = 0; index < slots.length; index += 1) {
            machine.frame[slots[index] as number] = (runs[index] as Direct)(machine);
          }
          return body.direct(machine);
        },
        source: `(${[...stepSources, performedSource(inner, body)].join(', ')})`,
      };
    }
    case 'embedExpr':
      return performingExpression(context, scope, update.body);
    case 'create':
      return asking(context, scope, [update.expr], (ledger, [payload]) =>
        ledger.create(update.template, payload as LfValue),
      );
    case 'createInterface':
      return asking(context, scope, [update.expr], (ledger, [payload]) =>
        ledger.create(update.interface, payload as LfValue),
      );
    case 'exercise':
      return compileExercise(context, scope, {
        owner: update.template,
        byInterface: false,
        choice: update.choice,
        cid: update.cid,
        arg: update.arg,
      });
    case 'exerciseInterface':
      return compileExercise(context, scope, {
        owner: update.interface,
        byInterface: true,
        choice: update.choice,
        cid: update.cid,
        arg: update.arg,
      });
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
      return compileTry(context, scope, update, performingExpression);
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
  const performed = performCode(context, inner, update);
  const { code: body } = performed;
  const fn = inner.function;
  const generated =
    performed.source === undefined
      ? { direct: enterOf(performed.direct) }
      : generateBody(
          fn,
          { ...computed(body, performed.direct), source: performed.source },
          update.tag,
          1,
        );
  const capture = captureValues(fn);
  const target = closureTarget({
    body,
    ...generated,
    frameSize: fn.frameSize,
    name: update.tag,
  });
  // Creating the update reads the captured variables only: an atom.
  const created = atomic((machine) => ({
    tag: 'Function',
    arity: 1,
    given: noArguments,
    target,
    captured: capture(machine),
  }));
  return { ...created, source: closureSource(scope.function, fn, target, 1) };
}
