import { defaultQueryLimits } from '../graphql/query-limits.ts';
import { defaultMaxUploadBytes } from '../ledger-api/packages.routes.ts';

/** What one request may ask of the node, beyond the stream limits. */
export type RequestLimits = {
  /** The largest package upload (`/v2/packages`, `/v2/dars`) read, in bytes. */
  readonly maxUploadBytes: number;
  /** Root fields of one GraphQL mutation (each may commit a transaction). */
  readonly maxMutationFields: number;
};

/** 10 MiB (Canton's default max inbound message size) and 10 fields. */
export const defaultRequestLimits: RequestLimits = {
  maxUploadBytes: defaultMaxUploadBytes,
  maxMutationFields: defaultQueryLimits.maxMutationFields,
};
