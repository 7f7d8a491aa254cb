import { createPublicKey, verify } from 'node:crypto';
import { invalidArgument } from '../errors.ts';
import { fingerprintOfPublicKey } from '../ids/fingerprint.ts';

/** A party's protocol signing key as the participant keeps it: raw Ed25519 bytes in hex. */
export type SigningKey = {
  readonly fingerprint: string;
  readonly publicKey: string;
  readonly keySpec: 'SIGNING_KEY_SPEC_EC_CURVE25519';
};

/** The X.509 SubjectPublicKeyInfo header of an Ed25519 key; the raw 32 bytes follow it. */
const ed25519SpkiPrefix = Buffer.from('302a300506032b6570032100', 'hex');
const ed25519KeyBytes = 32;

/** The raw key of an Ed25519 key given raw or as DER SubjectPublicKeyInfo. */
export function rawEd25519Key(keyData: Uint8Array): Buffer {
  const bytes = Buffer.from(keyData);
  if (bytes.length === ed25519KeyBytes) return bytes;
  const prefix = bytes.subarray(0, ed25519SpkiPrefix.length);
  if (
    bytes.length === ed25519SpkiPrefix.length + ed25519KeyBytes &&
    prefix.equals(ed25519SpkiPrefix)
  ) {
    return bytes.subarray(ed25519SpkiPrefix.length);
  }
  throw invalidArgument(
    `The public key is not an Ed25519 key: expected 32 raw bytes or a ${ed25519SpkiPrefix.length + ed25519KeyBytes}-byte SubjectPublicKeyInfo, got ${bytes.length} bytes`,
  );
}

/** The DER SubjectPublicKeyInfo of a raw Ed25519 key, as Canton stores such keys. */
export function ed25519Spki(raw: Uint8Array): Buffer {
  return Buffer.concat([ed25519SpkiPrefix, raw]);
}

export function signingKeyOf(raw: Uint8Array): SigningKey {
  const key = rawEd25519Key(raw);
  return {
    fingerprint: fingerprintOfPublicKey(key),
    publicKey: key.toString('hex'),
    keySpec: 'SIGNING_KEY_SPEC_EC_CURVE25519',
  };
}

const keyFormats = new Set([
  'CRYPTO_KEY_FORMAT_RAW',
  'CRYPTO_KEY_FORMAT_DER',
  'CRYPTO_KEY_FORMAT_DER_X509_SUBJECT_PUBLIC_KEY_INFO',
]);

/** A Ledger API SigningPublicKey (format, base64 key data, spec) as a signing key. */
export function parseSigningPublicKey(key: {
  readonly format: string;
  readonly keyData: string;
  readonly keySpec: string;
}): SigningKey {
  if (key.keySpec !== 'SIGNING_KEY_SPEC_EC_CURVE25519') {
    throw invalidArgument(
      `Unsupported signing key spec ${key.keySpec}: this participant supports SIGNING_KEY_SPEC_EC_CURVE25519`,
    );
  }
  if (!keyFormats.has(key.format)) {
    throw invalidArgument(`Unsupported crypto key format ${key.format} for an Ed25519 key`);
  }
  return signingKeyOf(Buffer.from(key.keyData, 'base64'));
}

/** A hex Ed25519 public key as the validator API sends it (32 raw bytes). */
export function parseHexPublicKey(hex: string): SigningKey {
  if (!/^([0-9a-fA-F]{2})+$/.test(hex)) {
    throw invalidArgument('public_key must be a hex-encoded Ed25519 public key');
  }
  return signingKeyOf(Buffer.from(hex, 'hex'));
}

/** Whether `signature` is the key's Ed25519 signature of `message`. */
export function verifyEd25519(
  key: SigningKey,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  if (signature.length !== 64) return false;
  const publicKey = createPublicKey({
    key: ed25519Spki(Buffer.from(key.publicKey, 'hex')),
    format: 'der',
    type: 'spki',
  });
  return verify(null, message, publicKey, signature);
}
