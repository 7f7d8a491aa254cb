import type { RecordValue, TransactionContext } from '@pocketnet/ledger';
import { formatTime, parseTime } from '@pocketnet/ledger';
import type { TypeConName } from '../ast/names.ts';
import type { LedgerEffects } from '../machine/ledger-effects.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { ContractIdValue, LfValue } from '../values/lf-value.ts';
import { contractId, timestamp } from '../values/lf-value.ts';
import type { ErasedDefinitions } from './erased-definitions.ts';
import { fromLedgerValue, toLedgerValue } from './ledger-values.ts';
import type { LfCalls } from './lf-calls.ts';

function idOf(value: LfValue): string {
  return (value as ContractIdValue).contractId;
}

function choiceTypes(definitions: ErasedDefinitions, owner: TypeConName, choice: string) {
  const definition = definitions.entity(owner);
  const found = definition.choices.get(choice);
  if (found === undefined) throw new FatalFailure(`${owner.name} has no choice ${choice}`);
  return found;
}

/**
 * The ledger actions of an LF update, taken through the ledger's TransactionContext, so LF
 * choices build the same transactions, with the same authorization, as TypeScript ones.
 */
export function transactionEffects(
  definitions: ErasedDefinitions,
  tx: TransactionContext,
  calls: Pick<LfCalls, 'value'>,
): LedgerEffects {
  const exercise = (
    owner: TypeConName,
    call: { choice: string; contractId: LfValue; argument: LfValue },
  ) => {
    const definition = definitions.entity(owner);
    const choice = choiceTypes(definitions, owner, call.choice);
    const argument = toLedgerValue(choice.argumentType, call.argument);
    const result = tx.exercise(
      definition as never,
      idOf(call.contractId),
      call.choice,
      argument as never,
    );
    return fromLedgerValue(choice.resultType, result);
  };
  return {
    create(template, payload) {
      const definition = definitions.template(template);
      return contractId(
        tx.create(definition, toLedgerValue(definition.payloadType, payload) as never),
      );
    },
    exercise: (call) => exercise(call.template, call),
    exerciseInterface: (call) => exercise(call.iface, call),
    exerciseByKey() {
      throw new FatalFailure('contract keys are not part of Daml-LF 2.1');
    },
    fetch(template, cid) {
      const definition = definitions.template(template);
      return calls.value(definition.payloadType, tx.fetch(definition, idOf(cid)) as RecordValue);
    },
    fetchInterface(iface, cid) {
      const { templateId, payload } = tx.fetchContract(
        definitions.entity(iface) as never,
        idOf(cid),
      );
      return calls.value(definitions.templateById(templateId).payloadType, payload);
    },
    fetchByKey() {
      throw new FatalFailure('contract keys are not part of Daml-LF 2.1');
    },
    lookupByKey() {
      throw new FatalFailure('contract keys are not part of Daml-LF 2.1');
    },
    getTime: () => timestamp(parseTime(tx.now()) as bigint),
    ledgerTimeLt: (time) => tx.isLedgerTimeLT(formatTime((time as { micros: bigint }).micros)),
    beginTry: () => tx.beginRollbackScope(),
  };
}
