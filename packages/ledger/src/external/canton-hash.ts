import { createHash } from 'node:crypto';

/** Canton's HashPurpose values that external parties meet (HashPurpose.scala). */
export const hashPurposes = {
  topologyTransaction: 11,
  publicKeyFingerprint: 12,
  multiTopologyTransaction: 55,
} as const;

/** The multihash prefix of a sha256 digest: algorithm 0x12, 32 bytes. */
const sha256Multihash = Buffer.from([0x12, 0x20]);

function int32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
}

/** `0x1220 || sha256(int32be(purpose) || bytes)`: the 34-byte hash Canton signs and names. */
export function cantonHash(purpose: number, bytes: Uint8Array): Buffer {
  const digest = createHash('sha256').update(int32(purpose)).update(bytes).digest();
  return Buffer.concat([sha256Multihash, digest]);
}

/**
 * The hash one signature over several topology transactions covers: their hashes sorted by
 * hex, counted and each length-prefixed, under the multi-transaction purpose.
 */
export function multiTopologyHash(hashes: readonly Uint8Array[]): Buffer {
  const sorted = hashes.map((hash) => Buffer.from(hash)).sort((a, b) => a.compare(b));
  const parts = [int32(sorted.length)];
  for (const hash of sorted) parts.push(int32(hash.length), hash);
  return cantonHash(hashPurposes.multiTopologyTransaction, Buffer.concat(parts));
}
