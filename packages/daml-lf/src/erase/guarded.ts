import { DomainError } from '@pocketnet/ledger';
import { FailureStatus } from '../machine/builtin-values.ts';
import type { Evaluator } from '../machine/evaluator.ts';
import { describeUnhandled, UnhandledException } from '../machine/evaluator.ts';
import { FuelExhausted } from '../machine/machine.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';

/** Canton's error category numbers of FAIL_WITH_STATUS's categories. */
const failureCategoryCodes: Readonly<Record<string, number>> = {
  INVALID_INDEPENDENT_OF_SYSTEM_STATE: 8,
  INVALID_GIVEN_CURRENT_SYSTEM_STATE_OTHER: 9,
};

function interpretationError(message: string, cause: unknown): DomainError {
  return new DomainError('DAML_INTERPRETATION_ERROR', message, { cause });
}

// Canton 3.x reports a Daml user failure (an unhandled exception, failWithStatus) as
// DAML_FAILURE, its cause the engine's interpretation error text; a failure status's id and
// metadata are the error's context.
function damlFailure(
  message: string,
  cause: unknown,
  details: Readonly<Record<string, string>> = {},
): DomainError {
  return new DomainError('DAML_FAILURE', `Interpretation error: Error: ${message}`, {
    cause,
    details,
  });
}

/**
 * Runs an evaluation for the ledger: Daml's user failures become DAML_FAILURE, other Daml
 * errors DAML_INTERPRETATION_ERROR. An unhandled exception stays the error's cause, so a `try` in
 * an enclosing LF choice can still catch it.
 */
export function guarded<TResult>(evaluator: Evaluator, run: () => TResult): TResult {
  try {
    return run();
  } catch (error) {
    if (error instanceof UnhandledException) {
      throw damlFailure(describeUnhandled(evaluator, error), error);
    }
    if (error instanceof FailureStatus) {
      const category = failureCategoryCodes[error.category] ?? 9;
      const message = `User failure: ${error.errorId} (error category ${category}): ${error.message}`;
      throw damlFailure(message, error, {
        ...error.metadata,
        error_id: error.errorId,
      });
    }
    if (error instanceof FatalFailure) throw interpretationError(error.message, error);
    if (error instanceof RangeError && /call stack/.test(error.message)) {
      // LF exercises nest on the machine's stack, but a TypeScript choice between LF ones nests
      // the ledger's JavaScript calls per level.
      throw interpretationError('Evaluation stopped: exercises nested too deeply', error);
    }
    if (error instanceof FuelExhausted) {
      throw interpretationError(`Evaluation stopped: ${error.message}`, error);
    }
    throw error;
  }
}
