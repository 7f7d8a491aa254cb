import { DomainError } from '../errors.ts';
import type { ExternalParty } from '../external/external-party-state.ts';
import { type CantonSignature, validSigners } from '../external/signatures.ts';
import { invalid } from './interactive-errors.ts';

export type PartySignatures = ReadonlyMap<string, readonly CantonSignature[]>;

function requireConfirming(party: string, externalParty: ExternalParty | undefined): ExternalParty {
  if (externalParty === undefined) throw invalid(`Could not find party signing keys for ${party}.`);
  if (externalParty.permission !== 'confirmation') {
    throw new DomainError(
      'NO_SYNCHRONIZER_FOR_SUBMISSION',
      `The external party ${party} is not hosted on this participant with confirmation permission`,
      { details: { party } },
    );
  }
  return externalParty;
}

/**
 * Canton's check of an external submission's signatures: every actAs party signed, and each
 * with at least its threshold of valid signatures from distinct keys of its current signing
 * keys. Signatures of parties outside actAs are ignored, as Canton discards them.
 */
export function verifyPartySignatures(request: {
  readonly hash: Buffer;
  readonly actAs: readonly string[];
  readonly signatures: PartySignatures;
  readonly externalParties: ReadonlyMap<string, ExternalParty>;
}): void {
  const missing = request.actAs.filter((party) => !request.signatures.has(party));
  if (missing.length > 0) {
    throw invalid(
      `The following actAs parties did not provide an external signature: ${missing.join(', ')}`,
    );
  }
  for (const party of request.actAs) {
    const external = requireConfirming(party, request.externalParties.get(party));
    const { valid, invalid: invalidCount } = validSigners(
      external.signingKeys,
      request.signatures.get(party) ?? [],
      request.hash,
    );
    if (valid.size < external.threshold) {
      throw invalid(
        `Received ${valid.size} valid signatures from distinct keys (${invalidCount} invalid), but expected at least ${external.threshold} valid for ${party}. Transaction hash to be signed: ${request.hash.toString('hex')}. Ensure the correct transaction hash is signed with the correct key(s).`,
      );
    }
  }
}
