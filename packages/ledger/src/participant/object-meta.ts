import { invalidField, invalidRequest } from './admin-errors.ts';

/** ObjectMeta as a request carries it: both parts optional. */
export type ObjectMetaInput = {
  readonly resourceVersion?: string | undefined;
  readonly annotations?: Readonly<Record<string, string>> | undefined;
};

export type Annotations = Readonly<Record<string, string>>;

export const maxAnnotationsBytes = 256 * 1024;

// Kubernetes' rules for annotation keys, which Canton adopted.
const namePattern = '([a-zA-Z0-9]+[a-zA-Z0-9-]*)?[a-zA-Z0-9]+';
const dnsSubdomain = new RegExp(`^(${namePattern}[.])*${namePattern}$`);
const keyName = /^([a-zA-Z0-9]+[a-zA-Z0-9.\-_]*)?[a-zA-Z0-9]+$/;
const utf8 = new TextEncoder();

const shorten = (text: string): string => (text.length > 53 ? `${text.slice(0, 50)}...` : text);

export function annotationsByteSize(annotations: Annotations): number {
  let size = 0;
  for (const [key, value] of Object.entries(annotations)) {
    size += utf8.encode(key).length + utf8.encode(value).length;
  }
  return size;
}

export const isWithinAnnotationsLimit = (annotations: Annotations): boolean =>
  annotationsByteSize(annotations) <= maxAnnotationsBytes;

/** Why `key` is not a valid annotation key, or null when it is one. */
export function annotationKeyError(key: string): string | null {
  const segments = key.split('/');
  if (segments.length > 2) {
    return `Key '${shorten(key)}' contains more than one forward slash ('/') character`;
  }
  const name = segments.length === 2 ? (segments[1] ?? '') : key;
  if (segments.length === 2) {
    const prefix = segments[0] ?? '';
    if (prefix.length > 253) {
      return `Key prefix segment '${shorten(prefix)}' exceeds maximum length of 253 characters`;
    }
    if (!dnsSubdomain.test(prefix))
      return `Key prefix segment '${shorten(prefix)}' has invalid syntax`;
  }
  if (name.length > 63) {
    return `Key name segment '${shorten(name)}' exceeds maximum length of 63 characters`;
  }
  if (!keyName.test(name)) return `Key name segment '${shorten(name)}' has invalid syntax`;
  return null;
}

/**
 * Canton's request-side check. In an update an empty value removes its key, so empty values
 * are allowed there and do not count toward the size limit.
 */
export function validateAnnotations(
  annotations: Annotations,
  options: { readonly fieldName: string; readonly allowEmptyValues: boolean },
): Annotations {
  const kept = Object.fromEntries(Object.entries(annotations).filter(([, value]) => value !== ''));
  if (!isWithinAnnotationsLimit(kept)) {
    throw invalidRequest(
      `annotations from field '${options.fieldName}' are larger than the limit of 256kb`,
    );
  }
  for (const key of Object.keys(annotations)) {
    const error = annotationKeyError(key);
    if (error !== null) throw invalidRequest(error);
  }
  if (!options.allowEmptyValues) {
    for (const [key, value] of Object.entries(annotations)) {
      if (value === '') {
        throw invalidRequest(`The value of an annotation is empty for key: '${shorten(key)}'`);
      }
    }
  }
  return { ...annotations };
}

/** New values win; an empty value deletes its key. */
export function mergeAnnotations(existing: Annotations, update: Annotations): Annotations {
  const merged: Record<string, string> = { ...existing };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return sortKeys(merged);
}

/** Stable key order, so that replayed and live state compare equal and render alike. */
export function sortKeys(annotations: Annotations): Annotations {
  const sorted: Record<string, string> = {};
  for (const key of Object.keys(annotations).sort()) sorted[key] = annotations[key] ?? '';
  return sorted;
}

/** On create the server assigns the version, so the client must leave it empty. */
export function requireNoResourceVersion(meta: ObjectMetaInput | undefined, fieldName: string) {
  const version = meta?.resourceVersion ?? '';
  if (version !== '') throw invalidRequest(`field ${fieldName} must be not set`);
}

/** A version passed back turns on the concurrency check; it must be one we handed out. */
export function optionalResourceVersion(
  meta: ObjectMetaInput | undefined,
  fieldName: string,
): bigint | null {
  const version = meta?.resourceVersion ?? '';
  if (version === '') return null;
  if (!/^-?[0-9]{1,19}$/.test(version)) {
    throw invalidField(fieldName, 'Invalid resource version number');
  }
  return BigInt(version);
}

export const initialResourceVersion = '0';

export const nextResourceVersion = (current: string): string =>
  (BigInt(current === '' ? '-1' : current) + 1n).toString();

export const isStaleResourceVersion = (expected: bigint | null, current: string): boolean =>
  expected !== null && (current === '' || expected !== BigInt(current));
