import { DomainError, isCantonPartyId } from '@pocketnet/ledger';

/** What Splice answers for a party id that PartyId.tryFromProtoPrimitive cannot decode. */
export const undecodablePartyMessage = (value: unknown): string =>
  `Could not decode party ID: '${String(value)}' is not of the form hint::fingerprint`;

/** The party id, or 400 (INVALID_ARGUMENT) naming the value. */
export function requireParty(value: string): string {
  if (!isCantonPartyId(value)) {
    throw new DomainError('INVALID_ARGUMENT', undecodablePartyMessage(value));
  }
  return value;
}
