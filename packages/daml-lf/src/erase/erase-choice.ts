import type { ChoiceDefinition, DamlType, RecordValue, Value } from '@pocketnet/ledger';
import type { TypeConName } from '../ast/names.ts';
import type { TemplateChoice } from '../ast.ts';
import { choiceBody, choicePart } from '../machine/template-functions.ts';
import type { FunctionValue, LfValue } from '../values/lf-value.ts';
import { contractId, token } from '../values/lf-value.ts';
import type { ErasureContext } from './erasure-context.ts';
import type { LfChoiceBody } from './lf-choice-bodies.ts';
import { lfChoiceBodies } from './lf-choice-bodies.ts';
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
  let compiledBody: FunctionValue | null = null;
  const args = (payload: Value, argument: Value) => [
    calls.value(payloadType, payload),
    calls.value(argumentType, argument),
  ];
  const observers = part('observers');
  const lfBody: LfChoiceBody = {
    start(tx, self, argument) {
      const [payload, lfArgument] = args(self.payload as RecordValue, argument);
      compiledBody ??= choiceBody(compiler, owner, choice.name);
      return {
        body: compiledBody,
        args: [contractId(self.contractId), payload as LfValue, lfArgument as LfValue, token],
        effects: transactionEffects(context.definitions, tx, calls),
      };
    },
    result: (value) => calls.ledgerValue(resultType, value),
    resultType,
  };
  const body: NonNullable<ChoiceDefinition['body']> = (tx, self, argument) => {
    const started = lfBody.start(tx, self, argument);
    return lfBody.result(calls.call(started.body as FunctionValue, started.args, started.effects));
  };
  lfChoiceBodies.set(body, lfBody);
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
    body,
    typedResult: true,
  };
}
