import type { ExprOf } from '../ast/expressions.ts';
import type { LfValue } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import type { Compiled } from './compiled.ts';
import { computed, directOf } from './compiled.ts';
import type { Direct } from './direct.ts';
import { sourceOf } from './generated-code.ts';
import type { Code, Continuation, Machine } from './machine.ts';
import type { Scope } from './scope.ts';
import { bind } from './scope.ts';

/**
 * One binding: its slot and what is bound. In an update block, a step whose `bound` is
 * `performed` already runs its update (an update expression written in place, compiled in the
 * block's own frame): its value is the update's result, not an update still to apply.
 */
export type Step = {
  readonly slot: number;
  readonly bound: Compiled;
  readonly performed?: boolean;
};
type Binding = Continuation & { readonly index: number };

/**
 * Binds each value in a frame slot in turn, then runs `body`. `perform` makes a step run
 * its value (an Update) on the token: an update block is the same shape as a `let`.
 */
export function sequence(
  steps: readonly Step[],
  body: Code,
  perform?: (machine: Machine, value: LfValue) => void,
): Code {
  const resume = (machine: Machine, value: LfValue, self: Continuation): void => {
    const { index } = self as Binding;
    machine.frame[(steps[index] as Step).slot] = value;
    proceed(machine, index + 1);
  };
  const performed = (machine: Machine, value: LfValue, self: Continuation): void => {
    const { index } = self as Binding;
    machine.stack.push({
      resume,
      frame: machine.frame,
      captured: machine.captured,
      index,
    } as Binding);
    (perform as (machine: Machine, value: LfValue) => void)(machine, value);
  };
  const proceed = (machine: Machine, start: number): void => {
    for (let index = start; index < steps.length; index += 1) {
      const step = steps[index] as Step;
      if (step.bound.atom !== null && perform === undefined) {
        machine.frame[step.slot] = step.bound.atom(machine);
        continue;
      }
      const next: Binding = {
        resume: perform === undefined || step.performed === true ? resume : performed,
        frame: machine.frame,
        captured: machine.captured,
        index,
      };
      machine.stack.push(next);
      machine.control = step.bound.code;
      return;
    }
    machine.control = body;
  };
  return (machine) => proceed(machine, 0);
}

export function compileBindings(
  context: CompileContext,
  scope: Scope,
  bindings: ExprOf<'let'>['bindings'],
): { scope: Scope; steps: Step[] } {
  let current = scope;
  const steps: Step[] = [];
  for (const binding of bindings) {
    const bound = context.expression(current, binding.bound);
    const next = bind(current, binding.binder.name);
    current = next.scope;
    steps.push({ slot: next.slot, bound });
  }
  return { scope: current, steps };
}

export function compileLet(context: CompileContext, scope: Scope, expr: ExprOf<'let'>): Compiled {
  const { scope: inner, steps } = compileBindings(context, scope, expr.bindings);
  const body = context.expression(inner, expr.body);
  const slots = steps.map((step) => step.slot);
  const bound = steps.map((step) => directOf(step.bound));
  const direct = directOf(body);
  const compiled = computed(sequence(steps, body.code), (machine) => {
    for (let index = 0; index < slots.length; index += 1) {
      machine.frame[slots[index] as number] = (bound[index] as Direct)(machine);
    }
    return direct(machine);
  });
  const bindings = steps.map((step) => `f[${step.slot}] = ${sourceOf(inner.function, step.bound)}`);
  return { ...compiled, source: `(${bindings.join(', ')}, ${sourceOf(inner.function, body)})` };
}
