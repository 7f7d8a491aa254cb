import { invalidField, invalidRequest, missingField } from './admin-errors.ts';

// Daml-LF's string kinds (value.proto), checked the way Canton's Ref parsers check them.

type StringKind = { readonly name: string; readonly allowed: RegExp; readonly maxLength: number };

const partyKind: StringKind = { name: 'Party', allowed: /^[a-zA-Z0-9:\-_ ]$/, maxLength: 255 };
const userIdKind: StringKind = {
  name: 'User ID',
  allowed: /^[a-zA-Z0-9@^$.!`\-#+'~_|:()]$/,
  maxLength: 128,
};
const ledgerStringKind: StringKind = {
  name: 'LedgerString',
  allowed: /^[a-zA-Z0-9#:\-_/ ]$/,
  maxLength: 255,
};

/** Why `value` is not a string of `kind`, or null when it is one. */
function stringKindError(kind: StringKind, value: string): string | null {
  if (value.length === 0) return `Daml-LF ${kind.name} is empty`;
  for (const char of value) {
    if (!kind.allowed.test(char)) {
      const code = char.codePointAt(0)?.toString(16) ?? '?';
      return `non expected character 0x${code} in Daml-LF ${kind.name} "${value}"`;
    }
  }
  if (value.length > kind.maxLength) {
    return `Daml-LF ${kind.name} "${value}" is too long (max: ${kind.maxLength})`;
  }
  return null;
}

export const isValidParty = (value: string): boolean => stringKindError(partyKind, value) === null;

export const isValidUserId = (value: string): boolean =>
  stringKindError(userIdKind, value) === null;

/** A party named in a request; Canton reports a bad one as INVALID_ARGUMENT. */
export function requireParty(value: string): string {
  const error = stringKindError(partyKind, value);
  if (error !== null) throw invalidRequest(error);
  return value;
}

export function requireUserId(value: string | undefined, fieldName: string): string {
  if (value === undefined || value === '') throw missingField(fieldName);
  const error = stringKindError(userIdKind, value);
  if (error !== null) throw invalidField(fieldName, error);
  return value;
}

/** Empty means "no user" in the requests where a user id is optional. */
export function optionalUserId(value: string | undefined, fieldName: string): string | null {
  return value === undefined || value === '' ? null : requireUserId(value, fieldName);
}

export function requireIdentityProviderId(value: string | undefined, fieldName: string): string {
  if (value === undefined || value === '') throw missingField(fieldName);
  return optionalIdentityProviderId(value, fieldName);
}

/** Empty (or absent) names the default identity provider, whose id is ''. */
export function optionalIdentityProviderId(value: string | undefined, fieldName: string): string {
  if (value === undefined || value === '') return '';
  const error = stringKindError(ledgerStringKind, value);
  if (error !== null) throw invalidField(fieldName, error);
  return value;
}

export function optionalSynchronizerId(value: string | undefined, fieldName: string): string {
  if (value === undefined || value === '') return '';
  if (!/^[^:]+::[^:]+/.test(value)) {
    throw invalidField(fieldName, `Invalid unique identifier \`${value}\` with missing namespace.`);
  }
  return value;
}

/** The namespace part of a participant's unique identifier (`name::fingerprint`). */
export function participantNamespace(participantId: string): string {
  const index = participantId.lastIndexOf('::');
  return index === -1 ? participantId : participantId.slice(index + 2);
}

/** Canton's `UniqueIdentifier.create(hint, namespace)`: the identifier part has stricter rules. */
export function partyIdFromHint(hint: string, namespace: string): string {
  if (hint.includes('::')) {
    throw invalidRequest('Invalid party ID: String contains reserved delimiter `::`.');
  }
  if (hint.length > 185) {
    throw invalidRequest(`Invalid party ID: String too long: max identifier length: 185`);
  }
  return `${hint}::${namespace}`;
}
