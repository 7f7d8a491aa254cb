import { z } from 'zod';

// Request bodies and query parameters of Scan's history, state and migration operations, as
// scan.yaml gives them. Ranges (page sizes, times) are checked by the runtime, which says why.

const int = z.number().int();
const encoding = z.enum(['compact_json', 'protobuf_json']);
const recordTimeMatch = z.enum(['exact', 'at_or_before']).default('exact');

const afterSchema = z.object({ after_migration_id: int, after_record_time: z.string() });

export const updateHistoryRequestSchema = z.object({
  after: afterSchema.optional(),
  page_size: int,
  daml_value_encoding: encoding.default('compact_json'),
});

/** `/v0/updates`: `lossless` instead of an encoding. */
export const updateHistoryV0RequestSchema = z.object({
  after: afterSchema.optional(),
  page_size: int,
  lossless: z.boolean().default(false),
});

export const transactionHistoryRequestSchema = z.object({
  page_end_event_id: z.string().optional(),
  sort_order: z.enum(['asc', 'desc']).default('asc'),
  page_size: int,
});

export const acsRequestSchema = z.object({
  migration_id: int,
  record_time: z.string(),
  record_time_match: recordTimeMatch,
  after: int.optional(),
  page_size: int,
  party_ids: z.array(z.string()).optional(),
  templates: z.array(z.string()).optional(),
});

export const holdingsStateRequestSchema = z.object({
  migration_id: int,
  record_time: z.string(),
  record_time_match: recordTimeMatch,
  after: int.optional(),
  page_size: int,
  owner_party_ids: z.array(z.string()),
});

export const holdingsSummaryRequestSchema = z.object({
  migration_id: int,
  record_time: z.string(),
  record_time_match: recordTimeMatch,
  owner_party_ids: z.array(z.string()),
  as_of_round: int.optional(),
});

export const migrationInfoRequestSchema = z.object({ migration_id: int });

export const updatesBeforeRequestSchema = z.object({
  migration_id: int,
  synchronizer_id: z.string(),
  before: z.string(),
  at_or_after: z.string().optional(),
  count: int,
});

export const importUpdatesRequestSchema = z.object({
  migration_id: int,
  after_update_id: z.string(),
  limit: int,
});

export const bulkUpdatesRequestSchema = z.object({
  start_record_time: z.string(),
  end_record_time: z.string(),
  next_page_token: z.string().optional(),
  page_size: int,
});

/** `?daml_value_encoding=`: compact_json unless told. */
export const encodingQuerySchema = z.object({
  daml_value_encoding: encoding.default('compact_json'),
});

/** `?lossless=` of `/v0/updates/{update_id}`. */
export const losslessQuerySchema = z.object({
  lossless: z.enum(['true', 'false']).default('false'),
});

const int64Text = z
  .string()
  .regex(/^-?\d{1,18}$/, 'an integer')
  .transform(Number);

export const snapshotTimestampQuerySchema = z.object({
  before: z.string(),
  migration_id: int64Text,
});
export const snapshotAfterQuerySchema = z.object({ after: z.string(), migration_id: int64Text });

/** Devnet control: schedule a synchronizer migration (`POST /api/devnet/v0/migrations/schedule`). */
export const scheduleMigrationRequestSchema = z.object({ time: z.string(), migration_id: int });
