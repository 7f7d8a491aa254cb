import { type Command, type DeduplicationPeriod, DomainError, type Value } from '@pocketnet/ledger';
import type { CommandSubmission } from '@pocketnet/runtime';
import {
  type DurationJson,
  durationMicros,
  minLedgerTimeField,
  relativeLedgerTime,
} from './submission-times.ts';

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

type Duration = DurationJson;

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
  packageIdSelectionPreference?: string[] | undefined;
  disclosedContracts?:
    | Array<{
        templateId?: string | undefined;
        contractId?: string | undefined;
        createdEventBlob: string;
        synchronizerId?: string | undefined;
      }>
    | undefined;
};

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

/**
 * The command's minimum ledger time, checked here at the edge as Canton's CommandsValidator
 * checks it: a malformed instant is a 400 before anything is submitted, and so is a time a
 * Daml Time cannot hold, or both bounds at once.
 */
function minLedgerTime(body: JsCommandsJson, nowMicros: bigint): bigint | null {
  const { minLedgerTimeAbs: absolute, minLedgerTimeRel: relative } = body;
  if (absolute !== undefined && relative !== undefined) {
    throw new DomainError(
      'INVALID_ARGUMENT',
      'min_ledger_time_abs cannot be specified at the same time as min_ledger_time_rel',
    );
  }
  if (absolute !== undefined) return minLedgerTimeField(absolute, 'minLedgerTimeAbs');
  if (relative !== undefined) return relativeLedgerTime(nowMicros, relative, 'minLedgerTimeRel');
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
    packageIdSelectionPreference: body.packageIdSelectionPreference ?? [],
  };
}
