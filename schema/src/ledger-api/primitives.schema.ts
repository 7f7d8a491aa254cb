import { z } from 'zod';

/**
 * Building blocks shared by the JSON Ledger API request schemas.
 *
 * Canton decodes bodies with circe, configured to ignore unknown fields (zod's default `strip`
 * does the same) and to read `null` as an absent optional field (`optional` below).
 */

/** An optional field: absent, or `null`, both mean "not given", as Canton's decoder reads them. */
export const optional = <TSchema extends z.ZodType>(schema: TSchema) =>
  z.preprocess((value) => (value === null ? undefined : value), schema.optional());

const integerString = /^-?\d+$/;

// circe reads integers from JSON numbers and from strings holding one; both end up a number here.
// Offsets are int64 but stay far below 2^53 in practice, so a safe integer is enough.
const integerFromString = (value: unknown) =>
  typeof value === 'string' && integerString.test(value) ? Number(value) : value;

/** An int64 field (offsets, seconds): a JSON integer, or a string holding one. */
export const int64 = z.preprocess(integerFromString, z.int());

/** An int32 field (nanos, page sizes): a JSON integer, or a string holding one. */
export const int32 = z.preprocess(integerFromString, z.int32());

/** A Daml value in Canton's JSON encoding; interpreted by the runtime against the template. */
export const damlValue = z.unknown();

/** protobuf's unknown fields, which the JSON mapping exposes; accepted and ignored. */
export const unknownFieldSetSchema = z.object({
  fields: optional(z.record(z.string(), z.unknown())),
});

/** An empty variant payload (`{"Empty": {}}`). */
export const emptySchema = z.object({});

export const durationSchema = z.object({
  seconds: int64,
  nanos: int32,
  unknownFields: optional(unknownFieldSetSchema),
});
export type Duration = z.output<typeof durationSchema>;

export const objectMetaSchema = z.object({
  resourceVersion: optional(z.string()),
  annotations: optional(z.record(z.string(), z.string())),
});
export type ObjectMeta = z.output<typeof objectMetaSchema>;

// The spec marks `unknownFields` required; Canton fills it in when absent, and so do we.
export const fieldMaskSchema = z.object({
  paths: optional(z.array(z.string())),
  unknownFields: optional(unknownFieldSetSchema),
});
export type FieldMask = z.output<typeof fieldMaskSchema>;

export const partyListSchema = z.array(z.string());
