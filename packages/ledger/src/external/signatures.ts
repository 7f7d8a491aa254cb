import { type SigningKey, verifyEd25519 } from './signing-keys.ts';

/** A signature as the Ledger API carries it (the `Signature` schema), bytes decoded. */
export type CantonSignature = {
  readonly format: string;
  readonly signature: Uint8Array;
  readonly signedBy: string;
  readonly signingAlgorithmSpec: string;
};

// For Ed25519, r || s is both the scheme's own (RAW) and the concatenated (CONCAT) format.
const ed25519Formats = new Set(['SIGNATURE_FORMAT_CONCAT', 'SIGNATURE_FORMAT_RAW']);

/** Why a signature by `key` over `message` is not valid, or null when it is. */
export function signatureProblem(
  key: SigningKey,
  signature: CantonSignature,
  message: Uint8Array,
): string | null {
  if (signature.signedBy !== key.fingerprint) return `it is signed by ${signature.signedBy}`;
  if (signature.signingAlgorithmSpec !== 'SIGNING_ALGORITHM_SPEC_ED25519') {
    return `signing algorithm ${signature.signingAlgorithmSpec} does not fit an Ed25519 key`;
  }
  if (!ed25519Formats.has(signature.format)) {
    return `signature format ${signature.format} does not fit an Ed25519 signature`;
  }
  if (!verifyEd25519(key, message, signature.signature)) {
    return 'the signature does not verify';
  }
  return null;
}

/** The keys among `keys` that made a valid signature of `message`, by fingerprint. */
export function validSigners(
  keys: readonly SigningKey[],
  signatures: readonly CantonSignature[],
  message: Uint8Array,
): { readonly valid: Set<string>; readonly invalid: number } {
  const valid = new Set<string>();
  let invalid = 0;
  for (const signature of signatures) {
    const key = keys.find((candidate) => candidate.fingerprint === signature.signedBy);
    if (key !== undefined && signatureProblem(key, signature, message) === null) {
      valid.add(key.fingerprint);
    } else {
      invalid += 1;
    }
  }
  return { valid, invalid };
}
