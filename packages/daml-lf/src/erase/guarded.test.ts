import { isDomainError } from '@pocketnet/ledger';
import { expect, it } from 'vitest';
import { call, testPackages, text } from '../../testing/lf-builders.test-helper.ts';
import { createEvaluator, evaluate } from '../machine/evaluator.ts';
import { guarded } from './guarded.ts';

it("reports FAIL_WITH_STATUS as Canton's user failure, with its error id and category", () => {
  const evaluator = createEvaluator(testPackages());
  const failure = call(
    'FAIL_WITH_STATUS',
    text('splice.amulet/insufficient-funds'),
    {
      tag: 'builtinLit',
      lit: { tag: 'failureCategory', value: 'INVALID_GIVEN_CURRENT_SYSTEM_STATE_OTHER' },
    },
    text('Insufficient funds'),
    { tag: 'builtin', builtin: 'TEXTMAP_EMPTY' },
  );
  let caught: unknown;
  try {
    guarded(evaluator, () => evaluate(evaluator, failure));
  } catch (error) {
    caught = error;
  }
  expect(isDomainError(caught) && caught.code).toBe('DAML_FAILURE');
  expect(isDomainError(caught) && caught.details).toEqual({
    error_id: 'splice.amulet/insufficient-funds',
  });
  expect((caught as Error).message).toBe(
    'Interpretation error: Error: User failure: splice.amulet/insufficient-funds (error category 9): Insufficient funds',
  );
});
