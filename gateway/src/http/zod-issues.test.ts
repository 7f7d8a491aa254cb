import { jsCommandsSchema, userSchema } from '@pocketnet/schema';
import { describe, expect, it } from 'vitest';
import { describeZodIssues } from './zod-issues.ts';

const issuesOf = (result: { error?: { issues: Parameters<typeof describeZodIssues>[0] } }) =>
  describeZodIssues(result.error?.issues ?? []);

describe('describeZodIssues', () => {
  it('follows the variant a tagged union chose', () => {
    const result = jsCommandsSchema.safeParse(
      {
        commandId: 'c',
        actAs: [],
        commands: [{ ExerciseCommand: { templateId: 't', choice: 'C' } }],
      },
      { reportInput: true },
    );
    expect(issuesOf(result)).toBe(
      "Missing required field at 'commands[0].ExerciseCommand.contractId', Missing required field at 'commands[0].ExerciseCommand.choiceArgument'",
    );
  });

  it('lists the variants when the body chose none', () => {
    const result = jsCommandsSchema.safeParse({
      commandId: 'c',
      actAs: [],
      commands: [{ Archive: {} }],
    });
    expect(issuesOf(result)).toBe(
      "Expected exactly one of CreateAndExerciseCommand, CreateCommand, ExerciseByKeyCommand, ExerciseCommand at 'commands[0]'",
    );
  });

  it('shows the value of a field of the wrong type', () => {
    const result = userSchema.safeParse({ id: 7 }, { reportInput: true });
    expect(issuesOf(result)).toBe("Got value '7' with wrong type, expecting string at 'id'");
  });
});
