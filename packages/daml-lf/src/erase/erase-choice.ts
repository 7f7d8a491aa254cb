import type { ChoiceDefinition, DamlType, RecordValue, Value } from '@pocketnet/ledger';
import { DomainError } from '@pocketnet/ledger';
import type { TypeConName } from '../ast/names.ts';
import type { TemplateChoice } from '../ast.ts';
import { choiceBody, choicePart } from '../machine/template-functions.ts';
import type { FunctionValue } from '../values/lf-value.ts';
import { contractId, token } from '../values/lf-value.ts';
import type { ErasureContext } from './erasure-context.ts';
import { maxExerciseNesting } from './erasure-context.ts';
import { toLedgerValue } from './ledger-values.ts';
import { transactionEffects } from './transaction-effects.ts';

/**
 * A choice of an LF template, or of an LF interface as one template runs it: every part is
 * evaluated over the contract (`this`, converted by `payloadType`) and the argument.
 */
export function eraseChoice(
  context: ErasureContext,
  owner: TypeConName,
  choice: TemplateChoice,
  payloadType: DamlType,
): ChoiceDefinition {
  const { calls, compiler, valueTypes } = context;
  const argumentType = valueTypes.valueType(choice.argBinder.type);
  const resultType = valueTypes.valueType(choice.returnType);
  const part = (name: 'controllers' | 'observers') =>
    choicePart(compiler, owner, choice.name, name);
  // Compiled on first use (a package's choices are erased before they all compile), then kept.
  let controllers: FunctionValue | null = null;
  let body: FunctionValue | null = null;
  const args = (payload: Value, argument: Value) => [
    calls.value(payloadType, payload),
    calls.value(argumentType, argument),
  ];
  const observers = part('observers');
  return {
    consuming: choice.consuming,
    argumentType,
    resultType,
    controllers: (payload, argument) => {
      controllers ??= part('controllers') as FunctionValue;
      return calls.parties(controllers, args(payload, argument));
    },
    observers:
      observers === null
        ? null
        : (payload, argument) => calls.parties(observers, args(payload, argument)),
    body(tx, self, argument) {
      const { nesting } = context;
      if (nesting.depth >= maxExerciseNesting) {
        throw new DomainError(
          'DAML_INTERPRETATION_ERROR',
          `Evaluation stopped: exercises nested too deeply (more than ${maxExerciseNesting})`,
        );
      }
      nesting.depth += 1;
      try {
        const effects = transactionEffects(context.definitions, tx, calls);
        const [payload, lfArgument] = args(self.payload as RecordValue, argument);
        body ??= choiceBody(compiler, owner, choice.name);
        const result = calls.call(
          body,
          [contractId(self.contractId), payload as never, lfArgument as never, token],
          effects,
        );
        return toLedgerValue(resultType, result);
      } finally {
        nesting.depth -= 1;
      }
    },
  };
}
