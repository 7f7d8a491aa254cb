import { z } from 'zod';
import { emptySchema, optional, partyListSchema } from './primitives.schema.ts';

export const templateFilterSchema = z.object({
  templateId: z.string(),
  includeCreatedEventBlob: optional(z.boolean()),
});

export const interfaceFilterSchema = z.object({
  interfaceId: z.string(),
  includeInterfaceView: optional(z.boolean()),
  includeCreatedEventBlob: optional(z.boolean()),
});

export const wildcardFilterSchema = z.object({
  includeCreatedEventBlob: optional(z.boolean()),
});

export const identifierFilterSchema = z.union([
  z.object({ Empty: emptySchema }),
  z.object({ InterfaceFilter: z.object({ value: interfaceFilterSchema }) }),
  z.object({ TemplateFilter: z.object({ value: templateFilterSchema }) }),
  z.object({ WildcardFilter: z.object({ value: wildcardFilterSchema }) }),
]);
export type IdentifierFilter = z.output<typeof identifierFilterSchema>;

export const cumulativeFilterSchema = z.object({
  identifierFilter: optional(identifierFilterSchema),
});

/** What to include for one party; no `cumulative` entries means every template (a wildcard). */
export const filtersSchema = z.object({
  cumulative: optional(z.array(cumulativeFilterSchema)),
});
export type Filters = z.output<typeof filtersSchema>;

const filtersByPartySchema = z.record(z.string(), filtersSchema);

/** The pre-3.3 filter, still accepted beside `eventFormat` on the older read endpoints. */
export const transactionFilterSchema = z.object({
  filtersByParty: optional(filtersByPartySchema),
  filtersForAnyParty: optional(filtersSchema),
});
export type TransactionFilter = z.output<typeof transactionFilterSchema>;

export const eventFormatSchema = z.object({
  filtersByParty: optional(filtersByPartySchema),
  filtersForAnyParty: optional(filtersSchema),
  verbose: optional(z.boolean()),
});
export type EventFormat = z.output<typeof eventFormatSchema>;

export const transactionShapes = [
  'TRANSACTION_SHAPE_UNSPECIFIED',
  'TRANSACTION_SHAPE_ACS_DELTA',
  'TRANSACTION_SHAPE_LEDGER_EFFECTS',
] as const;

export const transactionFormatSchema = z.object({
  eventFormat: eventFormatSchema,
  transactionShape: z.enum(transactionShapes),
});
export type TransactionFormat = z.output<typeof transactionFormatSchema>;

export const topologyFormatSchema = z.object({
  includeParticipantAuthorizationEvents: optional(z.object({ parties: optional(partyListSchema) })),
});

export const updateFormatSchema = z.object({
  includeTransactions: optional(transactionFormatSchema),
  includeReassignments: optional(eventFormatSchema),
  includeTopologyEvents: optional(topologyFormatSchema),
});
export type UpdateFormat = z.output<typeof updateFormatSchema>;
