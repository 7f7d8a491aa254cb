import { createPublicKey } from 'node:crypto';

/**
 * ECDSA verification over secp256k1 of a digest as given (Java's NONEwithECDSA), which
 * Node's crypto cannot do: it always hashes its input first. Affine arithmetic on bigints.
 */
const p = 2n ** 256n - 2n ** 32n - 977n;
const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const g = {
  x: 0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n,
  y: 0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8n,
};
type Point = { x: bigint; y: bigint } | null;

function mod(value: bigint, modulus: bigint): bigint {
  const rest = value % modulus;
  return rest < 0n ? rest + modulus : rest;
}

function inverse(value: bigint, modulus: bigint): bigint {
  let [a, b, x, y] = [mod(value, modulus), modulus, 1n, 0n];
  while (b !== 0n) {
    const q = a / b;
    [a, b, x, y] = [b, a - q * b, y, x - q * y];
  }
  return mod(x, modulus);
}

function add(left: Point, right: Point): Point {
  if (left === null) return right;
  if (right === null) return left;
  if (left.x === right.x && mod(left.y + right.y, p) === 0n) return null;
  const slope =
    left.x === right.x
      ? mod(3n * left.x * left.x * inverse(2n * left.y, p), p)
      : mod((right.y - left.y) * inverse(right.x - left.x, p), p);
  const x = mod(slope * slope - left.x - right.x, p);
  return { x, y: mod(slope * (left.x - x) - left.y, p) };
}

function multiply(point: Point, scalar: bigint): Point {
  let result: Point = null;
  let addend = point;
  for (let k = scalar; k > 0n; k >>= 1n) {
    if (k & 1n) result = add(result, addend);
    addend = add(addend, addend);
  }
  return result;
}

/** r and s of a DER `SEQUENCE { INTEGER r, INTEGER s }`. */
function signatureParts(der: Uint8Array): [bigint, bigint] {
  const integer = (at: number): [bigint, number] => {
    if (der[at] !== 0x02) throw new Error('malformed DER signature');
    const length = der[at + 1] as number;
    const bytes = der.subarray(at + 2, at + 2 + length);
    return [BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`), at + 2 + length];
  };
  if (der[0] !== 0x30) throw new Error('malformed DER signature');
  const [r, next] = integer(2);
  const [s] = integer(next);
  return [r, s];
}

export function verifySecp256k1Digest(
  signature: Uint8Array,
  digest: Uint8Array,
  spki: Uint8Array,
): boolean {
  const jwk = createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' }).export({
    format: 'jwk',
  });
  if (jwk.crv !== 'secp256k1') throw new Error('not a secp256k1 public key');
  const coordinate = (text: string | undefined) =>
    BigInt(`0x${Buffer.from(text ?? '', 'base64url').toString('hex')}`);
  const q = { x: coordinate(jwk.x), y: coordinate(jwk.y) };
  const [r, s] = signatureParts(signature);
  if (r <= 0n || r >= n || s <= 0n || s >= n) return false;
  const z =
    BigInt(`0x${Buffer.from(digest).toString('hex') || '0'}`) >>
    BigInt(Math.max(0, digest.length * 8 - 256));
  const w = inverse(s, n);
  const point = add(multiply(g, mod(z * w, n)), multiply(q, mod(r * w, n)));
  return point !== null && mod(point.x, n) === r;
}
