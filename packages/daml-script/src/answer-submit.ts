import type { LfValue } from '@pocketnet/daml-lf';
import type { AnswerContext, Answers } from './answers.ts';
import {
  ledgerCommands,
  left,
  right,
  submitResult,
  templateIdOf,
  textField,
} from './script-commands.ts';
import { FailedCommand } from './script-failure.ts';
import type { SubmitFailure } from './script-ledger.ts';
import {
  contractIdOf,
  field,
  fieldsOf,
  listOf,
  listValue,
  noneValue,
  partyOf,
  record,
  someValue,
  variant,
} from './script-values.ts';

/** `Submit`: each submission through the ledger, answered as Daml's runner answers it. */
export function submitAnswers({ packages, types, ledger }: AnswerContext): Answers {
  const submitError = (failure: SubmitFailure): LfValue => {
    const error = (name: string, rank: number, fields: readonly LfValue[]) =>
      variant(types.submitError, name, rank, record(types.submitErrorRecord(name), fields));
    if (failure.exception !== undefined) {
      return error('UnhandledException', 6, [someValue(failure.exception)]);
    }
    switch (failure.code) {
      case 'DAML_AUTHORIZATION_ERROR':
        return error('AuthorizationError', 2, [failure.message]);
      case 'CONTRACT_NOT_FOUND': {
        const id = /[0-9a-f]{66,}/.exec(failure.message)?.[0];
        if (id !== undefined) {
          const ids = record(types.nonEmpty, [id, listValue([])]);
          return error('ContractNotFound', 0, [ids, noneValue]);
        }
        return error('UnknownError', 20, [failure.message]);
      }
      default:
        return error('UnknownError', 20, [`${failure.code}: ${failure.message}`]);
    }
  };

  async function submit(submission: LfValue): Promise<LfValue> {
    const fields = fieldsOf(submission, 'a Submission');
    const actAsNonEmpty = fieldsOf(fields[0] as LfValue, 'NonEmpty');
    const actAs = [
      partyOf(actAsNonEmpty[0] as LfValue),
      ...listOf(actAsNonEmpty[1] as LfValue).map(partyOf),
    ];
    const readAs = listOf(fields[1] as LfValue).map(partyOf);
    const disclosures = listOf(fields[2] as LfValue).map((disclosure) => ({
      templateId: templateIdOf(field(disclosure, 0, 'Disclosure')),
      contractId: contractIdOf(field(disclosure, 1, 'Disclosure')),
      blob: textField(disclosure, 2, 'Disclosure'),
    }));
    const behaviour = (fields[5] as { constructor: string }).constructor;
    const commands = ledgerCommands(packages, fields[6] as LfValue);
    const outcome = await ledger.submit({ actAs, readAs, commands, disclosures });
    if (outcome.ok) {
      if (behaviour === 'MustFail') {
        throw new FailedCommand('Submit', 'UserError', 'Expected submit to fail but it succeeded');
      }
      const parties = new Set([...actAs, ...readAs]);
      return right(types, submitResult(packages, types, outcome.transaction, parties));
    }
    if (behaviour === 'MustSucceed') {
      throw new FailedCommand('Submit', outcome.failure.code, outcome.failure.message);
    }
    return left(types, submitError(outcome.failure));
  }

  return {
    // Submissions one after the other, as the runner's `traverse` makes them.
    async Submit(payload) {
      const results: LfValue[] = [];
      for (const submission of listOf(field(payload, 0, 'Submit'))) {
        results.push(await submit(submission));
      }
      return listValue(results);
    },
  };
}
