import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { expect, it } from 'vitest';
import { cryptoBuiltins } from './crypto-builtins.ts';

function run(name: string, args: string[]): unknown {
  const machine = { value: null as unknown };
  cryptoBuiltins[name]?.run(machine as never, args);
  return machine.value;
}

it('verifies secp256k1 signatures of a message and of a digest', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const key = publicKey.export({ format: 'der', type: 'spki' }).toString('hex');
  const message = Buffer.from('hello');
  const signature = sign('sha256', message, privateKey).toString('hex');
  expect(run('SECP256K1_BOOL', [signature, message.toString('hex'), key])).toBe(true);
  expect(run('SECP256K1_BOOL', [signature, Buffer.from('other').toString('hex'), key])).toBe(false);
  const digest = createHash('sha256').update(message).digest('hex');
  expect(run('SECP256K1_WITH_ECDSA_BOOL', [signature, digest, key])).toBe(true);
  expect(run('KECCAK256_TEXT', ['616263'])).toBe(
    '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
  );
});
