import type { Expr } from '../ast/expressions.ts';
import type { TypeConName } from '../ast/names.ts';
import type { LfValue } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import { directAll, evaluateAll } from './compiled.ts';
import { applyDirect, nestedDirectly, runNested } from './direct.ts';
import type { BegunExercise, LedgerEffects } from './ledger-effects.ts';
import type { Continuation, Machine } from './machine.ts';
import { applyFunction, spendFuel } from './machine.ts';
import type { Performed } from './performed-update.ts';
import { effects } from './performed-update.ts';
import type { Scope } from './scope.ts';

/**
 * Steps an exercise costs besides its body's: the ledger's work for it (checks, node, scope)
 * outweighs a step many times, and a runaway nesting of exercises is stopped by the fuel
 * before the nodes it keeps exhaust the memory.
 */
export const exerciseFuel = 1000;

/**
 * Direct levels a nested exercise counts for: it nests several times the JavaScript calls of
 * a Daml call (the ledger's checks, the body's application), so a few exercises deep the
 * rest runs on the machine's stack.
 */
const exerciseDirectLevels = 10;

type Finishing = Continuation & {
  readonly outer: LedgerEffects | null;
  readonly finish: (result: LfValue) => LfValue;
};

const finishExercise: Continuation['resume'] = (machine, value, self) => {
  const { outer, finish } = self as Finishing;
  machine.effects = outer;
  machine.value = finish(value);
};

/**
 * Runs a begun exercise's body on the machine's stack, in the exercise's scope: the enclosing
 * scope comes back, and the exercise is finished, when the body returns. An exception leaving
 * the body restores the scope where it is caught (a `try`, or a nested run's barrier).
 */
function enterExercise(machine: Machine, begun: Extract<BegunExercise, { done: false }>): void {
  const finishing: Finishing = {
    resume: finishExercise,
    frame: machine.frame,
    captured: machine.captured,
    outer: machine.effects,
    finish: begun.finish,
  };
  machine.stack.push(finishing);
  machine.effects = begun.effects;
  applyFunction(machine, begun.body, begun.args);
}

/** The exercise directly while the JavaScript stack is shallow, on the machine past that. */
function exerciseDirectly(machine: Machine, begun: BegunExercise): LfValue {
  if (begun.done) return begun.value;
  return nestedDirectly(exerciseDirectLevels, (deep) => {
    if (deep) return runNested(machine, (running) => enterExercise(running, begun));
    const outer = machine.effects;
    machine.effects = begun.effects;
    let result: LfValue;
    try {
      result = applyDirect(machine, begun.body, begun.args);
    } finally {
      machine.effects = outer;
    }
    return begun.finish(result);
  });
}

/**
 * `exercise` (by template or interface): the ledger begins it and the choice's body runs in
 * the same evaluation, so exercises nest as deep as the fuel allows, never deeper on the
 * JavaScript stack than a few levels.
 */
export function compileExercise(
  context: CompileContext,
  scope: Scope,
  call: { owner: TypeConName; byInterface: boolean; choice: string; cid: Expr; arg: Expr },
): Performed {
  const compiled = [call.cid, call.arg].map((part) => context.expression(scope, part));
  const all = directAll(compiled);
  const { owner, byInterface, choice } = call;
  const begin = (machine: Machine, [contractId, argument]: LfValue[]): BegunExercise => {
    spendFuel(machine, exerciseFuel);
    return effects(machine).beginExercise({
      owner,
      byInterface,
      choice,
      contractId: contractId as LfValue,
      argument: argument as LfValue,
    });
  };
  return {
    code: evaluateAll(compiled, (machine, values) => {
      const begun = begin(machine, values);
      if (begun.done) machine.value = begun.value;
      else enterExercise(machine, begun);
    }),
    direct: (machine) => exerciseDirectly(machine, begin(machine, all(machine))),
  };
}
