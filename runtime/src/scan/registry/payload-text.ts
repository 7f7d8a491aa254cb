import type { Value } from '@pocketnet/ledger';

/** The text at `path` in a contract payload, or '' when the payload has none there. */
export function textAt(value: Value, path: readonly string[]): string {
  let at: Value | undefined = value;
  for (const field of path) {
    at =
      typeof at === 'object' && at !== null && !Array.isArray(at)
        ? (at as Readonly<Record<string, Value>>)[field]
        : undefined;
  }
  return typeof at === 'string' ? at : '';
}
