import { expect, it } from 'vitest';
import { keccak256 } from './keccak.ts';

it('hashes as Keccak-256 (Ethereum), not SHA3-256', () => {
  expect(keccak256(new Uint8Array())).toBe(
    'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
  );
  expect(keccak256(new TextEncoder().encode('abc'))).toBe(
    '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
  );
  expect(keccak256(new TextEncoder().encode('The quick brown fox jumps over the lazy dog'))).toBe(
    '4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15',
  );
});
