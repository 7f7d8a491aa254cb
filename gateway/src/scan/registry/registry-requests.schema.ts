import { z } from 'zod';

// The registry's request bodies (the token-standard documents' GetFactoryRequest and
// GetChoiceContextRequest), parsed once at the edge.

const party = z.string().min(1);
const numericText = z.union([z.string().min(1), z.number()]);

/** `TransferFactory_Transfer` as the JSON API encodes it; unknown fields are ignored. */
const transferFactoryTransferSchema = z.object({
  expectedAdmin: party,
  transfer: z.object({
    sender: party,
    receiver: party,
    amount: numericText,
    instrumentId: z.object({ admin: party, id: z.string().min(1) }),
    requestedAt: z.string().min(1),
    executeBefore: z.string().min(1),
    inputHoldingCids: z.array(z.string()),
  }),
});

export const transferFactoryRequestSchema = z.object({
  choiceArguments: transferFactoryTransferSchema,
  excludeDebugFields: z.boolean().optional(),
});

/** The allocation factory takes its choice arguments as given: no contract depends on them. */
export const allocationFactoryRequestSchema = z.object({
  choiceArguments: z.record(z.string(), z.unknown()),
  excludeDebugFields: z.boolean().optional(),
});

export const choiceContextRequestSchema = z.object({
  meta: z.record(z.string(), z.string()).optional(),
  excludeDebugFields: z.boolean().optional(),
});

export type ChoiceContextRequest = z.infer<typeof choiceContextRequestSchema>;
