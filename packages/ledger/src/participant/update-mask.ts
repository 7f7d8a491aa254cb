import { missingField } from './admin-errors.ts';

/**
 * Field masks of the update requests, resolved as Canton does: every path must name a field
 * (or a parent of one) of the resource, no path twice, at least one path. A field is updated
 * when a path names it exactly, or names one of its parents and the request carries a
 * non-default value for it.
 */

export type UpdateMaskInput = { readonly paths?: readonly string[] | undefined };

export type UpdateMatch = 'exact' | 'parent' | null;

export type UpdateMask = { readonly match: (fieldPath: string) => UpdateMatch };

const shorten = (text: string): string => (text.length > 53 ? `${text.slice(0, 50)}...` : text);

// JSON clients sometimes send camelCase paths; protobuf field names are snake_case.
const toSnakeCase = (segment: string): string =>
  segment.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

const normalise = (path: string): string => path.split('.').map(toSnakeCase).join('.');

/**
 * `fields`: every updatable or identifying field path of the resource, dotted, snake_case.
 * `reject` turns Canton's reason into the resource's own invalid-update error.
 */
export function parseUpdateMask(
  input: UpdateMaskInput | undefined,
  fields: readonly string[],
  reject: (reason: string) => Error,
): UpdateMask {
  if (input === undefined) throw missingField('update_mask');
  const paths = (input.paths ?? []).map(normalise);
  if (paths.length === 0) throw reject('The update mask contains no entries');
  const seen = new Set<string>();
  for (const path of paths) {
    const isKnown = fields.some((field) => field === path || field.startsWith(`${path}.`));
    if (!isKnown) {
      throw reject(`The update path: '${shorten(path)}' points to an unknown field.`);
    }
    if (seen.has(path)) {
      throw reject(`The update path: '${shorten(path)}' is duplicated.`);
    }
    seen.add(path);
  }
  return {
    match(fieldPath) {
      if (seen.has(fieldPath)) return 'exact';
      const segments = fieldPath.split('.');
      for (let length = segments.length - 1; length > 0; length -= 1) {
        if (seen.has(segments.slice(0, length).join('.'))) return 'parent';
      }
      return null;
    },
  };
}

/**
 * The new value of a field under `mask`, or undefined when the field stays as it is.
 * `isDefault` says whether the request's value is the field's default.
 */
export function maskedValue<TValue>(
  mask: UpdateMask,
  fieldPath: string,
  value: TValue,
  isDefault: boolean,
): TValue | undefined {
  const match = mask.match(fieldPath);
  if (match === 'exact' || (match === 'parent' && !isDefault)) return value;
  return undefined;
}
