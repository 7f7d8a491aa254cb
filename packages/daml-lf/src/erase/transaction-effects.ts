import type { RecordValue, TransactionContext } from '@pocketnet/ledger';
import { formatTime, parseTime } from '@pocketnet/ledger';
import type { TypeConName } from '../ast/names.ts';
import type { LedgerEffects } from '../machine/ledger-effects.ts';
import { FatalFailure } from '../values/evaluation-errors.ts';
import type { ContractIdValue, LfValue } from '../values/lf-value.ts';
import { contractId, timestamp } from '../values/lf-value.ts';
import type { ErasedDefinitions } from './erased-definitions.ts';
import type { LfCalls } from './lf-calls.ts';
import { lfChoiceBodies } from './lf-choice-bodies.ts';

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
  calls: Pick<LfCalls, 'value' | 'ledgerValue'>,
): LedgerEffects {
  return {
    create(template, payload) {
      const definition = definitions.template(template);
      return contractId(
        tx.create(definition, calls.ledgerValue(definition.payloadType, payload) as never),
      );
    },
    beginExercise(call) {
      const choice = choiceTypes(definitions, call.owner, call.choice);
      const begun = tx.beginExercise(
        definitions.entity(call.owner) as never,
        idOf(call.contractId),
        call.choice,
        calls.ledgerValue(choice.argumentType, call.argument),
      );
      const finish = (raw: unknown) => calls.value(choice.resultType, begun.finish(raw));
      const lf = lfChoiceBodies.get(begun.body);
      // A TypeScript choice runs through the ledger's call, an LF one on the machine.
      if (lf === undefined) {
        return { done: true, value: finish(begun.body(begun.context, begun.self, begun.argument)) };
      }
      const started = lf.start(begun.context, begun.self, begun.argument);
      return { done: false, ...started, finish: (result) => finish(lf.result(result)) };
    },
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
