import { z } from 'zod';
import {
  eventFormatSchema,
  transactionFilterSchema,
  transactionFormatSchema,
  updateFormatSchema,
} from './formats.schema.ts';
import { int32, int64, optional, partyListSchema } from './primitives.schema.ts';

export const completionStreamRequestSchema = z.object({
  userId: optional(z.string()),
  parties: partyListSchema,
  beginExclusive: optional(int64),
});
export type CompletionStreamRequest = z.output<typeof completionStreamRequestSchema>;

/** `filter` + `verbose` are the pre-3.3 form; `eventFormat` replaces both. */
export const getActiveContractsRequestSchema = z.object({
  filter: optional(transactionFilterSchema),
  verbose: optional(z.boolean()),
  activeAtOffset: int64,
  eventFormat: optional(eventFormatSchema),
  streamContinuationToken: optional(z.string()),
});
export type GetActiveContractsRequest = z.output<typeof getActiveContractsRequestSchema>;

export const getActiveContractsPageRequestSchema = z.object({
  activeAtOffset: optional(int64),
  eventFormat: eventFormatSchema,
  maxPageSize: optional(int32),
  pageToken: optional(z.string()),
});
export type GetActiveContractsPageRequest = z.output<typeof getActiveContractsPageRequestSchema>;

/** `filter` + `verbose` are the pre-3.3 form; `updateFormat` replaces both. */
export const getUpdatesRequestSchema = z.object({
  // Required by the 3.5 spec but optional in 3.4's, which clients may follow; Canton's decoder
  // reads a missing one as 0, the ledger's beginning.
  beginExclusive: int64.default(0),
  endInclusive: optional(int64),
  filter: optional(transactionFilterSchema),
  verbose: optional(z.boolean()),
  updateFormat: optional(updateFormatSchema),
  descendingOrder: optional(z.boolean()),
});
export type GetUpdatesRequest = z.output<typeof getUpdatesRequestSchema>;

export const getUpdatesPageRequestSchema = z.object({
  beginOffsetExclusive: optional(int64),
  endOffsetInclusive: optional(int64),
  maxPageSize: optional(int32),
  updateFormat: updateFormatSchema,
  descendingOrder: optional(z.boolean()),
  pageToken: optional(z.string()),
});
export type GetUpdatesPageRequest = z.output<typeof getUpdatesPageRequestSchema>;

export const getTransactionByOffsetRequestSchema = z.object({
  offset: int64,
  requestingParties: optional(partyListSchema),
  transactionFormat: optional(transactionFormatSchema),
});
export type GetTransactionByOffsetRequest = z.output<typeof getTransactionByOffsetRequestSchema>;

export const getTransactionByIdRequestSchema = z.object({
  updateId: z.string(),
  requestingParties: optional(partyListSchema),
  transactionFormat: optional(transactionFormatSchema),
});
export type GetTransactionByIdRequest = z.output<typeof getTransactionByIdRequestSchema>;

export const getUpdateByOffsetRequestSchema = z.object({
  offset: int64,
  updateFormat: updateFormatSchema,
});
export type GetUpdateByOffsetRequest = z.output<typeof getUpdateByOffsetRequestSchema>;

export const getUpdateByIdRequestSchema = z.object({
  updateId: z.string(),
  updateFormat: updateFormatSchema,
});
export type GetUpdateByIdRequest = z.output<typeof getUpdateByIdRequestSchema>;

export const getEventsByContractIdRequestSchema = z.object({
  contractId: z.string(),
  eventFormat: eventFormatSchema,
});
export type GetEventsByContractIdRequest = z.output<typeof getEventsByContractIdRequestSchema>;

export const getContractRequestSchema = z.object({
  contractId: z.string(),
  queryingParties: optional(partyListSchema),
});
export type GetContractRequest = z.output<typeof getContractRequestSchema>;
