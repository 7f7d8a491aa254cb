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
import { contractIdOf, field, fieldsOf, listOf, listValue, partyOf } from './script-values.ts';
import { submitErrorValue } from './submit-errors.ts';

/** `Submit`: each submission through the ledger, answered as Daml's runner answers it. */
export function submitAnswers({ packages, types, participants }: AnswerContext): Answers {
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
    // As Daml's runner: the participant hosting the submitting (and reading) parties.
    const ledger = participants.forParties([...actAs, ...readAs]);
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
    return left(types, submitErrorValue(packages, types, outcome.failure));
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
