import { describe, expect, it } from 'vitest';
import { jsCommandsSchema, jsSubmitAndWaitForTransactionRequestSchema } from './commands.schema.ts';

const alice = 'alice::1220aa';
const createIou = {
  CreateCommand: {
    templateId: '#quickstart:Iou:Iou',
    createArguments: { issuer: alice, owner: alice, amount: '10.0000000000' },
  },
};

describe('JsCommands', () => {
  it('accepts every command variant and every deduplication period variant', () => {
    const commands = [
      createIou,
      {
        ExerciseCommand: {
          templateId: 'pkg:M:T',
          contractId: '00ab',
          choice: 'Go',
          choiceArgument: {},
        },
      },
      {
        ExerciseByKeyCommand: {
          templateId: 'pkg:M:T',
          contractKey: alice,
          choice: 'Go',
          choiceArgument: {},
        },
      },
      {
        CreateAndExerciseCommand: {
          templateId: 'pkg:M:T',
          createArguments: { p: alice },
          choice: 'Go',
          choiceArgument: { n: 1 },
        },
      },
    ];
    for (const deduplicationPeriod of [
      { DeduplicationDuration: { value: { seconds: 60, nanos: 0 } } },
      { DeduplicationOffset: { value: 12 } },
      { Empty: {} },
    ]) {
      const parsed = jsCommandsSchema.parse({
        commands,
        commandId: 'c-1',
        actAs: [alice],
        deduplicationPeriod,
      });
      expect(parsed.commands).toHaveLength(4);
      expect(parsed.deduplicationPeriod).toEqual(deduplicationPeriod);
    }
  });

  it('ignores unknown fields, as Canton does', () => {
    const parsed = jsCommandsSchema.parse({
      commands: [createIou],
      commandId: 'c-1',
      actAs: [alice],
      applicationId: 'legacy-field',
    });
    expect(parsed).not.toHaveProperty('applicationId');
  });

  it('keeps Daml values as they came', () => {
    const parsed = jsCommandsSchema.parse({
      commands: [createIou],
      commandId: 'c',
      actAs: [alice],
    });
    expect(parsed.commands[0]).toEqual(createIou);
  });

  it('rejects a missing commandId, an actAs that is not a list, and an unknown command variant', () => {
    expect(jsCommandsSchema.safeParse({ commands: [createIou], actAs: [alice] }).success).toBe(
      false,
    );
    expect(
      jsCommandsSchema.safeParse({ commands: [createIou], commandId: 'c', actAs: alice }).success,
    ).toBe(false);
    expect(
      jsCommandsSchema.safeParse({
        commands: [{ ArchiveCommand: {} }],
        commandId: 'c',
        actAs: [alice],
      }).success,
    ).toBe(false);
  });

  it('wraps the commands for submit-and-wait-for-transaction with an optional transaction format', () => {
    const parsed = jsSubmitAndWaitForTransactionRequestSchema.parse({
      commands: { commands: [createIou], commandId: 'c', actAs: [alice] },
      transactionFormat: {
        eventFormat: { filtersByParty: { [alice]: {} }, verbose: true },
        transactionShape: 'TRANSACTION_SHAPE_LEDGER_EFFECTS',
      },
    });
    expect(parsed.transactionFormat?.transactionShape).toBe('TRANSACTION_SHAPE_LEDGER_EFFECTS');
    expect(
      jsSubmitAndWaitForTransactionRequestSchema.safeParse({
        commands: { commands: [createIou], commandId: 'c', actAs: [alice] },
        transactionFormat: { eventFormat: {}, transactionShape: 'FLAT' },
      }).success,
    ).toBe(false);
  });
});
