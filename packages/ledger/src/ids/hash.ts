import { createHash, hash } from 'node:crypto';

/**
 * sha256 in lowercase hex over a list of parts. Each part is length-prefixed, so distinct lists
 * never hash alike (["ab", "c"] and ["a", "bc"] differ), which a plain join would not ensure.
 */
export function sha256Hex(parts: readonly (string | number | bigint)[]): string {
  return hash('sha256', framedParts(parts), 'hex');
}

/** sha512 in lowercase hex over a list of parts, framed as sha256Hex frames them. */
export function sha512Hex(parts: readonly (string | number | bigint)[]): string {
  return hash('sha512', framedParts(parts), 'hex');
}

/**
 * One string, hashed in one call: the same bytes as one update() per piece, without a native
 * call per piece (ids are hashed on every transaction).
 */
function framedParts(parts: readonly (string | number | bigint)[]): string {
  let framed = '';
  for (const part of parts) {
    const text = String(part);
    framed += `${Buffer.byteLength(text)}:${text}`;
  }
  return framed;
}

/** sha256 in lowercase hex over raw bytes. */
export function sha256HexOfBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A sha256 multihash as Canton renders it: `1220` (sha2-256, 32 bytes) then the hex digest. */
export const multihashPrefix = '1220';

export function isMultihash(text: string): boolean {
  return /^1220[0-9a-f]{64}$/.test(text);
}
