import { invalidArgument } from '../errors.ts';
import { isMultihash } from './hash.ts';

// A party id's hint is a Daml-LF party string of at most 185 characters (Canton's String185)
// that must not contain the `::` separator.
const maxHintLength = 185;
const partyStringChars = /^[a-zA-Z0-9:\-_ ]+$/;

/** Why a party id hint is invalid, or null when it is valid. */
export function partyHintProblem(hint: string): string | null {
  if (hint.length === 0) return 'the party id hint must not be empty';
  if (hint.length > maxHintLength) {
    return `the party id hint is longer than ${maxHintLength} characters`;
  }
  if (!partyStringChars.test(hint)) {
    return 'the party id hint may only contain letters, digits, spaces and the characters :-_';
  }
  if (hint.includes('::')) return 'the party id hint must not contain "::"';
  return null;
}

export function isPartyHint(hint: string): boolean {
  return partyHintProblem(hint) === null;
}

/** `hint::fingerprint`; throws INVALID_ARGUMENT for an invalid hint. */
export function createPartyId(hint: string, fingerprint: string): string {
  const problem = partyHintProblem(hint);
  if (problem !== null) throw invalidArgument(`Invalid party id hint '${hint}': ${problem}`);
  if (!isMultihash(fingerprint)) throw invalidArgument(`Invalid fingerprint '${fingerprint}'`);
  return `${hint}::${fingerprint}`;
}

/** The hint and fingerprint of a party id, or null if it is not one. */
export function splitPartyId(party: string): { hint: string; fingerprint: string } | null {
  const separator = party.lastIndexOf('::');
  if (separator < 0) return null;
  const hint = party.slice(0, separator);
  const fingerprint = party.slice(separator + 2);
  if (!isPartyHint(hint) || !isMultihash(fingerprint)) return null;
  return { hint, fingerprint };
}

/**
 * A party id in exactly the shape Canton gives one: a valid hint, `::` and a sha256
 * fingerprint. (The value layer's isPartyId is more lenient: any party string with `::`.)
 */
export function isCantonPartyId(party: string): boolean {
  return splitPartyId(party) !== null;
}
