import type { RecordValue, TransactionContext } from '@pocketnet/ledger';
import { parseTime } from '@pocketnet/ledger';
import type { TypeConName } from '../ast/names.ts';
import type { BegunExercise, LedgerEffects } from '../machine/ledger-effects.ts';
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
 * choices build the same transactions, with the same authorization, as TypeScript ones. A
 * class: one is made per exercise, and its methods are shared rather than a dozen closures.
 */
class TransactionEffects implements LedgerEffects {
  private readonly definitions: ErasedDefinitions;
  private readonly tx: TransactionContext;
  private readonly calls: Pick<LfCalls, 'value' | 'ledgerValue'>;

  constructor(
    definitions: ErasedDefinitions,
    tx: TransactionContext,
    calls: Pick<LfCalls, 'value' | 'ledgerValue'>,
  ) {
    this.definitions = definitions;
    this.tx = tx;
    this.calls = calls;
  }

  create(template: TypeConName, payload: LfValue): LfValue {
    const definition = this.definitions.template(template);
    const { payloadType } = definition;
    // The payload is built by payloadType: the ledger need not check it again.
    return contractId(
      this.tx.create(
        definition as never,
        this.calls.ledgerValue(payloadType, payload),
        payloadType,
      ),
    );
  }

  beginExercise(call: Parameters<LedgerEffects['beginExercise']>[0]): BegunExercise {
    const { calls } = this;
    const choice = choiceTypes(this.definitions, call.owner, call.choice);
    const begun = this.tx.beginExercise(
      this.definitions.entity(call.owner) as never,
      idOf(call.contractId),
      call.choice,
      calls.ledgerValue(choice.argumentType, call.argument),
      choice.argumentType,
    );
    const lf = lfChoiceBodies.get(begun.body);
    // A TypeScript choice runs through the ledger's call, and its result is checked.
    if (lf === undefined) {
      const raw = begun.body(begun.context, begun.self, begun.argument);
      return { done: true, value: calls.value(choice.resultType, begun.finish(raw)) };
    }
    // An LF one runs on the machine; its result is built by its result type.
    const started = lf.start(begun.context, begun.self, begun.argument);
    return {
      done: false,
      body: started.body,
      args: started.args,
      effects: started.effects,
      finish: (result) =>
        calls.value(choice.resultType, begun.finish(lf.result(result), lf.resultType)),
    };
  }

  exerciseByKey(): LfValue {
    throw new FatalFailure('contract keys are not part of Daml-LF 2.1');
  }

  fetch(template: TypeConName, cid: LfValue): LfValue {
    const definition = this.definitions.template(template);
    return this.calls.value(
      definition.payloadType,
      this.tx.fetch(definition, idOf(cid)) as RecordValue,
    );
  }

  fetchInterface(iface: TypeConName, cid: LfValue): LfValue {
    const { templateId, payload } = this.tx.fetchContract(
      this.definitions.entity(iface) as never,
      idOf(cid),
    );
    return this.calls.value(this.definitions.templateById(templateId).payloadType, payload);
  }

  fetchByKey(): LfValue {
    throw new FatalFailure('contract keys are not part of Daml-LF 2.1');
  }

  lookupByKey(): LfValue {
    throw new FatalFailure('contract keys are not part of Daml-LF 2.1');
  }

  getTime(): LfValue {
    return timestamp(parseTime(this.tx.now()) as bigint);
  }

  ledgerTimeLt(time: LfValue): boolean {
    return this.tx.isLedgerTimeBeforeMicros((time as { micros: bigint }).micros);
  }

  beginTry(): { rollback(): void } {
    return this.tx.beginRollbackScope();
  }
}

export function transactionEffects(
  definitions: ErasedDefinitions,
  tx: TransactionContext,
  calls: Pick<LfCalls, 'value' | 'ledgerValue'>,
): LedgerEffects {
  return new TransactionEffects(definitions, tx, calls);
}
