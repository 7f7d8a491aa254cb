import type { Command, CommandSubmission, DeduplicationPeriod, Value } from '@pocketnet/runtime';

// The parts of JsCommands this module reads; the edge's zod schema has validated the body.
type CommandJson =
  | { CreateCommand: { templateId: string; createArguments: unknown } }
  | {
      ExerciseCommand: {
        templateId: string;
        contractId: string;
        choice: string;
        choiceArgument: unknown;
      };
    }
  | {
      ExerciseByKeyCommand: {
        templateId: string;
        contractKey: unknown;
        choice: string;
        choiceArgument: unknown;
      };
    }
  | {
      CreateAndExerciseCommand: {
        templateId: string;
        createArguments: unknown;
        choice: string;
        choiceArgument: unknown;
      };
    };

type Duration = { seconds?: number | undefined; nanos?: number | undefined };

export type JsCommandsJson = {
  commands: CommandJson[];
  commandId: string;
  actAs: string[];
  readAs?: string[] | undefined;
  userId?: string | undefined;
  workflowId?: string | undefined;
  submissionId?: string | undefined;
  synchronizerId?: string | undefined;
  minLedgerTimeAbs?: string | undefined;
  minLedgerTimeRel?: Duration | undefined;
  deduplicationPeriod?:
    | { DeduplicationDuration: { value: Duration } }
    | { DeduplicationOffset: { value: number } }
    | { Empty: object }
    | undefined;
  disclosedContracts?:
    | Array<{
        templateId?: string | undefined;
        contractId?: string | undefined;
        createdEventBlob: string;
        synchronizerId?: string | undefined;
      }>
    | undefined;
};

const durationMicros = (duration: Duration) =>
  BigInt(duration.seconds ?? 0) * 1_000_000n + BigInt(Math.trunc((duration.nanos ?? 0) / 1000));

function toCommand(command: CommandJson): Command {
  // Values stay as the client sent them: the interpreter checks them against the template.
  const asValue = (value: unknown) => value as Value;
  if ('CreateCommand' in command) {
    const { templateId, createArguments } = command.CreateCommand;
    return { kind: 'create', templateId, createArguments: asValue(createArguments) };
  }
  if ('ExerciseCommand' in command) {
    const { templateId, contractId, choice, choiceArgument } = command.ExerciseCommand;
    return {
      kind: 'exercise',
      templateId,
      contractId,
      choice,
      choiceArgument: asValue(choiceArgument),
    };
  }
  if ('ExerciseByKeyCommand' in command) {
    const { templateId, contractKey, choice, choiceArgument } = command.ExerciseByKeyCommand;
    const key = asValue(contractKey);
    return {
      kind: 'exerciseByKey',
      templateId,
      contractKey: key,
      choice,
      choiceArgument: asValue(choiceArgument),
    };
  }
  const { templateId, createArguments, choice, choiceArgument } = command.CreateAndExerciseCommand;
  return {
    kind: 'createAndExercise',
    templateId,
    createArguments: asValue(createArguments),
    choice,
    choiceArgument: asValue(choiceArgument),
  };
}

function deduplication(period: JsCommandsJson['deduplicationPeriod']): DeduplicationPeriod {
  if (!period || 'Empty' in period) return { kind: 'empty' };
  if ('DeduplicationOffset' in period)
    return { kind: 'offset', offset: period.DeduplicationOffset.value };
  return { kind: 'duration', micros: durationMicros(period.DeduplicationDuration.value) };
}

function minLedgerTime(body: JsCommandsJson, nowMicros: bigint): bigint | null {
  if (body.minLedgerTimeAbs) return BigInt(Date.parse(body.minLedgerTimeAbs)) * 1000n;
  if (body.minLedgerTimeRel) return nowMicros + durationMicros(body.minLedgerTimeRel);
  return null;
}

export function toSubmission(body: JsCommandsJson, nowMicros: bigint): CommandSubmission {
  return {
    commands: body.commands.map(toCommand),
    userId: body.userId ?? '',
    commandId: body.commandId,
    submissionId: body.submissionId || crypto.randomUUID(),
    workflowId: body.workflowId ?? '',
    actAs: body.actAs,
    readAs: body.readAs ?? [],
    deduplicationPeriod: deduplication(body.deduplicationPeriod),
    disclosedContracts: (body.disclosedContracts ?? []).map((disclosed) => ({
      templateId: disclosed.templateId || null,
      contractId: disclosed.contractId ?? '',
      createdEventBlob: disclosed.createdEventBlob,
      synchronizerId: disclosed.synchronizerId || null,
    })),
    synchronizerId: body.synchronizerId || null,
    minLedgerTimeMicros: minLedgerTime(body, nowMicros),
  };
}
