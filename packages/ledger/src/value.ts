/**
 * A Daml value in the JSON Ledger API encoding, normalised: Int64 and Numeric are strings
 * (Numeric always rendered with its full scale, e.g. "10.0000000000"), Time is ISO-8601 with
 * microseconds and `Z`, Date is `YYYY-MM-DD`, Unit is `{}`, Optional is `null` or the value
 * (nested optionals as `[]`/`[v]`), variants are `{ tag, value }`, enums a string, TextMap an
 * object and GenMap a list of `[key, value]` pairs. Values are plain JSON so they journal as-is.
 */
export type Value =
  | null
  | boolean
  | string
  | readonly Value[]
  | { readonly [field: string]: Value };

export type RecordValue = { readonly [field: string]: Value };
