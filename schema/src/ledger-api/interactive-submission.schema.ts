import { z } from 'zod';
import {
  commandSchema,
  deduplicationPeriodSchema,
  disclosedContractSchema,
  prefetchContractKeySchema,
} from './commands.schema.ts';
import { transactionFormatSchema } from './formats.schema.ts';
import { signatureSchema } from './parties.schema.ts';
import {
  durationSchema,
  emptySchema,
  int32,
  optional,
  partyListSchema,
} from './primitives.schema.ts';

export const hashingSchemeVersions = [
  'HASHING_SCHEME_VERSION_UNSPECIFIED',
  'HASHING_SCHEME_VERSION_V2',
  'HASHING_SCHEME_VERSION_V3',
] as const;

export const minLedgerTimeSchema = z.object({
  time: optional(
    z.union([
      z.object({ Empty: emptySchema }),
      z.object({ MinLedgerTimeAbs: z.object({ value: z.string() }) }),
      z.object({ MinLedgerTimeRel: z.object({ value: durationSchema }) }),
    ]),
  ),
});

export const jsPrepareSubmissionRequestSchema = z.object({
  userId: optional(z.string()),
  commandId: z.string(),
  commands: z.array(commandSchema),
  minLedgerTime: optional(minLedgerTimeSchema),
  actAs: partyListSchema,
  readAs: optional(partyListSchema),
  disclosedContracts: optional(z.array(disclosedContractSchema)),
  synchronizerId: optional(z.string()),
  packageIdSelectionPreference: optional(z.array(z.string())),
  verboseHashing: optional(z.boolean()),
  prefetchContractKeys: optional(z.array(prefetchContractKeySchema)),
  maxRecordTime: optional(z.string()),
  estimateTrafficCost: optional(
    z.object({
      disabled: optional(z.boolean()),
      expectedSignatures: optional(z.array(z.string())),
    }),
  ),
  tapsMaxPasses: optional(int32),
  hashingSchemeVersion: optional(z.enum(hashingSchemeVersions)),
});
export type JsPrepareSubmissionRequest = z.output<typeof jsPrepareSubmissionRequestSchema>;

export const partySignaturesSchema = z.object({
  signatures: z.array(z.object({ party: z.string(), signatures: z.array(signatureSchema) })),
});

/** The body of interactive-submission/execute and executeAndWait. */
export const jsExecuteSubmissionRequestSchema = z.object({
  preparedTransaction: z.string(),
  partySignatures: partySignaturesSchema,
  deduplicationPeriod: optional(deduplicationPeriodSchema),
  submissionId: z.string(),
  userId: optional(z.string()),
  hashingSchemeVersion: z.enum(hashingSchemeVersions),
  minLedgerTime: optional(minLedgerTimeSchema),
});
export type JsExecuteSubmissionRequest = z.output<typeof jsExecuteSubmissionRequestSchema>;

export const jsExecuteSubmissionAndWaitForTransactionRequestSchema =
  jsExecuteSubmissionRequestSchema.extend({
    transactionFormat: optional(transactionFormatSchema),
  });
export type JsExecuteSubmissionAndWaitForTransactionRequest = z.output<
  typeof jsExecuteSubmissionAndWaitForTransactionRequestSchema
>;

export const getPreferredPackagesRequestSchema = z.object({
  packageVettingRequirements: z.array(
    z.object({ parties: partyListSchema, packageName: z.string() }),
  ),
  synchronizerId: optional(z.string()),
  vettingValidAt: optional(z.string()),
});
export type GetPreferredPackagesRequest = z.output<typeof getPreferredPackagesRequestSchema>;
