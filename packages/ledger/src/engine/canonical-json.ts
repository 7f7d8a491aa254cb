import type { Value } from '../value.ts';

/**
 * JSON with object fields in sorted order: two equal Daml values (already normalised, e.g.
 * Numerics at full scale) always give the same text, whatever order their fields were built in.
 */
export function canonicalJson(value: Value): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as { readonly [field: string]: Value };
  const fields = Object.keys(record)
    .sort()
    .map((field) => `${JSON.stringify(field)}:${canonicalJson(record[field] ?? null)}`);
  return `{${fields.join(',')}}`;
}
