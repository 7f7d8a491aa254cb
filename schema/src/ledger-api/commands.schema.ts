import { z } from 'zod';
import { transactionFormatSchema } from './formats.schema.ts';
import {
  damlValue,
  durationSchema,
  emptySchema,
  int32,
  int64,
  optional,
  partyListSchema,
} from './primitives.schema.ts';

export const createCommandSchema = z.object({
  templateId: z.string(),
  createArguments: damlValue,
});

export const exerciseCommandSchema = z.object({
  templateId: z.string(),
  contractId: z.string(),
  choice: z.string(),
  choiceArgument: damlValue,
});

export const exerciseByKeyCommandSchema = z.object({
  templateId: z.string(),
  contractKey: damlValue,
  choice: z.string(),
  choiceArgument: damlValue,
});

export const createAndExerciseCommandSchema = z.object({
  templateId: z.string(),
  createArguments: damlValue,
  choice: z.string(),
  choiceArgument: damlValue,
});

/** One command, tagged by its variant name: `{"CreateCommand": {...}}`. */
export const commandSchema = z.union([
  z.object({ CreateAndExerciseCommand: createAndExerciseCommandSchema }),
  z.object({ CreateCommand: createCommandSchema }),
  z.object({ ExerciseByKeyCommand: exerciseByKeyCommandSchema }),
  z.object({ ExerciseCommand: exerciseCommandSchema }),
]);
export type Command = z.output<typeof commandSchema>;

export const deduplicationPeriodSchema = z.union([
  z.object({ DeduplicationDuration: z.object({ value: durationSchema }) }),
  z.object({ DeduplicationOffset: z.object({ value: int64 }) }),
  z.object({ Empty: emptySchema }),
]);
export type DeduplicationPeriod = z.output<typeof deduplicationPeriodSchema>;

export const disclosedContractSchema = z.object({
  templateId: optional(z.string()),
  contractId: optional(z.string()),
  createdEventBlob: z.string(),
  synchronizerId: optional(z.string()),
});
export type DisclosedContract = z.output<typeof disclosedContractSchema>;

export const prefetchContractKeySchema = z.object({
  templateId: z.string(),
  contractKey: damlValue,
  limit: optional(int32),
});

/** The body of submit-and-wait, async submit and submit-and-wait-for-transaction-tree. */
export const jsCommandsSchema = z.object({
  commands: z.array(commandSchema),
  commandId: z.string(),
  actAs: partyListSchema,
  userId: optional(z.string()),
  readAs: optional(partyListSchema),
  workflowId: optional(z.string()),
  deduplicationPeriod: optional(deduplicationPeriodSchema),
  minLedgerTimeAbs: optional(z.string()),
  minLedgerTimeRel: optional(durationSchema),
  submissionId: optional(z.string()),
  disclosedContracts: optional(z.array(disclosedContractSchema)),
  synchronizerId: optional(z.string()),
  packageIdSelectionPreference: optional(z.array(z.string())),
  prefetchContractKeys: optional(z.array(prefetchContractKeySchema)),
  tapsMaxPasses: optional(int32),
});
export type JsCommands = z.output<typeof jsCommandsSchema>;

export const jsSubmitAndWaitForTransactionRequestSchema = z.object({
  commands: jsCommandsSchema,
  transactionFormat: optional(transactionFormatSchema),
});
export type JsSubmitAndWaitForTransactionRequest = z.output<
  typeof jsSubmitAndWaitForTransactionRequestSchema
>;
