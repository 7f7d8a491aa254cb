import { FatalFailure } from '../values/evaluation-errors.ts';
import type { LfValue } from '../values/lf-value.ts';
import { token } from '../values/lf-value.ts';
import type { Compiled } from './compiled.ts';
import { directOf, evaluateThen } from './compiled.ts';
import type { Direct } from './direct.ts';
import { applyOne } from './direct.ts';
import type { LedgerEffects } from './ledger-effects.ts';
import type { Code, Machine } from './machine.ts';
import { applyFunction } from './machine.ts';

/** The ledger the running update acts on. */
export function effects(machine: Machine): LedgerEffects {
  if (machine.effects === null) throw new FatalFailure('an Update ran outside a transaction');
  return machine.effects;
}

/** Runs an Update value: applies it to the token. */
export function perform(machine: Machine, update: LfValue): void {
  applyFunction(machine, update, [token]);
}

/** How an update runs: on the machine, and directly (see direct.ts). */
export type Performed = {
  readonly code: Code;
  readonly direct: Direct;
  /** The update run as source in its function body (see generated-code.ts). */
  readonly source?: string;
};

/** Runs an Update value directly: applies it to the token. */
export function performDirect(machine: Machine, update: LfValue): LfValue {
  return applyOne(machine, update, token);
}

/** Runs the Update value an expression evaluates to. */
export function performing(compiled: Compiled): Performed {
  const direct = directOf(compiled);
  return {
    code: evaluateThen(compiled, perform),
    direct: (machine) => performDirect(machine, direct(machine)),
  };
}
