import type { Expr } from '../ast/expressions.ts';
import type { Update } from '../ast/updates.ts';
import type { AnyExceptionValue, LfValue, OptionalValue } from '../values/lf-value.ts';
import type { CompileContext } from './compile-context.ts';
import { directOf } from './compiled.ts';
import { exceptionOfError } from './direct.ts';
import type { LedgerEffects } from './ledger-effects.ts';
import type { Code, Continuation, Machine } from './machine.ts';
import { throwException, UnhandledException } from './machine.ts';
import type { Performed } from './performed-update.ts';
import { effects, perform, performDirect } from './performed-update.ts';
import type { Scope } from './scope.ts';
import { bind } from './scope.ts';

type Handler = Continuation & {
  readonly scope: { rollback(): void };
  /** The ledger scope of the `try`: the exception may come out of a nested exercise's body. */
  readonly ledger: LedgerEffects | null;
};

/**
 * `try e catch x → h`: the body's ledger actions are rolled back when an exception leaves it,
 * and the handler's choice runs instead (or the exception goes on when it chooses None).
 * `performingExpression` runs the body's update.
 */
export function compileTry(
  context: CompileContext,
  scope: Scope,
  update: Extract<Update, { tag: 'tryCatch' }>,
  performingExpression: (context: CompileContext, scope: Scope, expr: Expr) => Performed,
): Performed {
  const { code: body, direct: bodyDirect } = performingExpression(context, scope, update.tryExpr);
  const { scope: inner, slot } = bind(scope, update.binder);
  const handler = context.expression(inner, update.catchExpr);
  const afterHandler = (machine: Machine, chosen: LfValue, self: Continuation): void => {
    const option = chosen as OptionalValue;
    if (option.tag === 'None')
      throwException(machine, (self as Continuation & { exception: AnyExceptionValue }).exception);
    else perform(machine, option.value);
  };
  const handle = (machine: Machine, exception: AnyExceptionValue, self: Continuation): void => {
    const marker = self as Handler;
    machine.effects = marker.ledger;
    marker.scope.rollback();
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
      ledger: machine.effects,
    };
    machine.stack.push(marker);
    machine.control = body;
  };
  return { code, direct };
}
