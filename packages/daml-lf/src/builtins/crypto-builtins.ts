import { createHash } from 'node:crypto';
import { FatalFailure } from '../values/evaluation-errors.ts';
import { isLowerHex } from '../values/text.ts';
import type { BuiltinDefinition } from './builtin-definition.ts';
import { pure } from './builtin-definition.ts';
import { keccak256 } from './keccak.ts';
import { verifySecp256k1Digest } from './secp256k1.ts';

/** Bytes of a hex argument; Speedy refuses malformed hex as a crypto error (fatal here too). */
export function hexBytes(hex: string, what = 'hex string'): Uint8Array {
  if (!isLowerHex(hex.toLowerCase())) throw new FatalFailure(`can not parse ${what} ${hex}`);
  return Buffer.from(hex, 'hex');
}

function verifyDigest(signature: string, digest: Uint8Array, publicKey: string): boolean {
  try {
    return verifySecp256k1Digest(
      hexBytes(signature, 'signature hex string'),
      digest,
      hexBytes(publicKey, 'DER encoded public key hex string'),
    );
  } catch (error) {
    if (error instanceof FatalFailure) throw error;
    throw new FatalFailure(`malformed key or signature: ${(error as Error).message}`);
  }
}

export const cryptoBuiltins: Readonly<Record<string, BuiltinDefinition>> = {
  KECCAK256_TEXT: pure(1, (message) => keccak256(hexBytes(message as string))),
  SECP256K1_BOOL: pure(3, (signature, message, publicKey) => {
    const digest = createHash('sha256')
      .update(hexBytes(message as string, 'message hex string'))
      .digest();
    return verifyDigest(signature as string, digest, publicKey as string);
  }),
  SECP256K1_WITH_ECDSA_BOOL: pure(3, (signature, digest, publicKey) =>
    verifyDigest(
      signature as string,
      hexBytes(digest as string, 'message hex string'),
      publicKey as string,
    ),
  ),
};
