import { multihashPrefix, sha256HexOfBytes } from './hash.ts';

// Canton's HashPurpose for public-key fingerprints: the purpose is hashed in front of the key.
const publicKeyFingerprintPurpose = 12;

/**
 * A key fingerprint as Canton computes it: `1220 || sha256(int32be(12) || keyBytes)`. For an
 * Ed25519 key the bytes are the raw 32-byte key.
 */
export function fingerprintOfPublicKey(key: Uint8Array): string {
  const purpose = Buffer.alloc(4);
  purpose.writeInt32BE(publicKeyFingerprintPurpose);
  return multihashPrefix + sha256HexOfBytes(Buffer.concat([purpose, key]));
}

/**
 * A namespace fingerprint for a node without real keys: the fingerprint of a key derived from
 * a seed, so the same seed (a data folder's node name) always yields the same namespace.
 */
export function createNamespaceFingerprint(seed: string): string {
  const pseudoKey = Buffer.from(
    sha256HexOfBytes(Buffer.from(`pocketnet-namespace:${seed}`)),
    'hex',
  );
  return fingerprintOfPublicKey(pseudoKey);
}
