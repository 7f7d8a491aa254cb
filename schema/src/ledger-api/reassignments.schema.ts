import { z } from 'zod';
import { eventFormatSchema } from './formats.schema.ts';
import { emptySchema, optional } from './primitives.schema.ts';

const reassignmentCommandSchema = z.object({
  command: optional(
    z.union([
      z.object({
        AssignCommand: z.object({
          value: z.object({ reassignmentId: z.string(), source: z.string(), target: z.string() }),
        }),
      }),
      z.object({ Empty: emptySchema }),
      z.object({
        UnassignCommand: z.object({
          value: z.object({ contractId: z.string(), source: z.string(), target: z.string() }),
        }),
      }),
    ]),
  ),
});

export const reassignmentCommandsSchema = z.object({
  workflowId: optional(z.string()),
  userId: optional(z.string()),
  commandId: z.string(),
  submitter: z.string(),
  submissionId: optional(z.string()),
  commands: z.array(reassignmentCommandSchema),
});
export type ReassignmentCommands = z.output<typeof reassignmentCommandsSchema>;

export const submitReassignmentRequestSchema = z.object({
  reassignmentCommands: reassignmentCommandsSchema,
});
export type SubmitReassignmentRequest = z.output<typeof submitReassignmentRequestSchema>;

export const submitAndWaitForReassignmentRequestSchema = z.object({
  reassignmentCommands: reassignmentCommandsSchema,
  eventFormat: optional(eventFormatSchema),
});
export type SubmitAndWaitForReassignmentRequest = z.output<
  typeof submitAndWaitForReassignmentRequestSchema
>;
