import { createHash } from 'node:crypto';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { isDomainError } from '../errors.ts';
import { createNamespaceFingerprint, fingerprintOfPublicKey } from './fingerprint.ts';
import { sha256Hex } from './hash.ts';
import {
  createContractId,
  createUpdateId,
  createUpdateSeed,
  isContractId,
  isUpdateId,
  makeParticipantId,
  makeSynchronizerId,
} from './ledger-ids.ts';
import {
  createPartyId,
  isCantonPartyId,
  isPartyHint,
  partyHintProblem,
  splitPartyId,
} from './party-id.ts';

const fingerprint = createNamespaceFingerprint('test-node');
const hintChars = 'abcXYZ019:-_ '.split('');
const validHint = fc
  .array(fc.constantFrom(...hintChars), { minLength: 1, maxLength: 185 })
  .map((chars) => chars.join(''))
  .filter((hint) => !hint.includes('::'));

describe('fingerprints', () => {
  test('a namespace fingerprint is 1220 and 64 hex digits, and depends only on its seed', () => {
    expect(fingerprint).toMatch(/^1220[0-9a-f]{64}$/);
    expect(createNamespaceFingerprint('test-node')).toBe(fingerprint);
    expect(createNamespaceFingerprint('other-node')).not.toBe(fingerprint);
  });

  test('a public key fingerprint hashes the purpose 12 as int32 in front of the key', () => {
    const key = Buffer.alloc(32, 7);
    const hashed = Buffer.concat([Buffer.from([0, 0, 0, 12]), key]);
    const expected = `1220${createHash('sha256').update(hashed).digest('hex')}`;
    expect(fingerprintOfPublicKey(key)).toBe(expected);
  });

  test.prop([fc.array(fc.oneof(fc.string(), fc.integer(), fc.bigInt()), { maxLength: 5 })])(
    'hashing parts is sha256 over each part as `byte length:text`',
    (parts) => {
      const hash = createHash('sha256');
      for (const part of parts) {
        const text = String(part);
        hash.update(`${Buffer.byteLength(text)}:`).update(text);
      }
      expect(sha256Hex(parts)).toBe(hash.digest('hex'));
    },
  );

  test('hashing a list of parts is unambiguous about where parts end', () => {
    expect(sha256Hex(['ab', 'c'])).not.toBe(sha256Hex(['a', 'bc']));
    expect(sha256Hex(['ab', 'c'])).toBe(sha256Hex(['ab', 'c']));
  });
});

describe('party ids', () => {
  test('joins hint and fingerprint with ::', () => {
    const party = createPartyId('Alice', fingerprint);
    expect(party).toBe(`Alice::${fingerprint}`);
    expect(isCantonPartyId(party)).toBe(true);
    expect(splitPartyId(party)).toEqual({ hint: 'Alice', fingerprint });
  });

  test.prop([validHint])('every valid hint round-trips through a party id', (hint) => {
    const party = createPartyId(hint, fingerprint);
    expect(splitPartyId(party)).toEqual({ hint, fingerprint });
  });

  test('rejects empty, too long, badly charactered and separator-bearing hints', () => {
    expect(partyHintProblem('')).toMatch(/empty/);
    expect(partyHintProblem('a'.repeat(186))).toMatch(/185/);
    expect(isPartyHint('a'.repeat(185))).toBe(true);
    expect(partyHintProblem('alice@example')).toMatch(/only contain/);
    expect(partyHintProblem('a::b')).toMatch(/::/);
    expect(isPartyHint('a:b - c_d')).toBe(true);
  });

  test('createPartyId throws INVALID_ARGUMENT for a bad hint', () => {
    let caught: unknown;
    try {
      createPartyId('a::b', fingerprint);
    } catch (error) {
      caught = error;
    }
    expect(isDomainError(caught) && caught.code).toBe('INVALID_ARGUMENT');
  });

  test('recognises only hint::1220<64 hex>', () => {
    expect(isCantonPartyId('Alice')).toBe(false);
    expect(isCantonPartyId('Alice::1220abc')).toBe(false);
    expect(isCantonPartyId(`::${fingerprint}`)).toBe(false);
    expect(isCantonPartyId(`DSO::${fingerprint.toUpperCase()}`)).toBe(false);
    expect(isCantonPartyId(`a:::${fingerprint}`)).toBe(true);
  });
});

describe('ledger ids', () => {
  const seed = createUpdateSeed({ participantId: 'p', offset: 7, discriminator: 'cmd-1' });

  test('a contract id is 00, a discriminator, ca12 and a sha256 multihash: 138 hex digits', () => {
    const contractId = createContractId(seed, 0);
    expect(contractId).toMatch(/^00[0-9a-f]{64}ca121220[0-9a-f]{64}$/);
    expect(contractId).toHaveLength(138);
    expect(isContractId(contractId)).toBe(true);
  });

  test('contract ids are deterministic and distinct per node and per update', () => {
    expect(createContractId(seed, 1)).toBe(createContractId(seed, 1));
    expect(createContractId(seed, 1)).not.toBe(createContractId(seed, 2));
    const otherSeed = createUpdateSeed({ participantId: 'p', offset: 8, discriminator: 'cmd-1' });
    expect(createContractId(otherSeed, 1)).not.toBe(createContractId(seed, 1));
  });

  test('accepts other V1 contract ids and rejects what is not one', () => {
    const ca10 = `00${'d'.repeat(64)}ca101220${'1'.repeat(64)}`;
    expect(isContractId(ca10)).toBe(true);
    expect(isContractId(`01${'d'.repeat(136)}`)).toBe(false);
    expect(isContractId(`00${'d'.repeat(63)}`)).toBe(false);
    expect(isContractId(`00${'d'.repeat(254)}`)).toBe(false);
    expect(isContractId('#1:0')).toBe(false);
  });

  test('ids are pinned: seeds and update ids as ever, contract ids as halves of one sha512', () => {
    const known = createUpdateSeed({ participantId: 'p', offset: 7, discriminator: 'cmd-1' });
    expect(known).toBe('1ebcde62146624654ac830c449db24268df66b6a593ac7e2c4cecd107986e592');
    expect(createUpdateId(known)).toBe(
      '122065868cad0ffec543e30526cb82989337b008a912977cdd1e9c46eb4ee6dee4ce',
    );
    expect(createContractId(known, 3)).toBe(
      '006c598d3113f8f725ac8261bc3d10d82c5a22397f4d04932df0d566c1abf4a702' +
        'ca12122022b09253c60faef17717b6129d801582d5d59ff8ddb6aeeba050496444fd7ae4',
    );
  });

  test('an update id is a sha256 multihash', () => {
    const updateId = createUpdateId(seed);
    expect(updateId).toMatch(/^1220[0-9a-f]{64}$/);
    expect(isUpdateId(updateId)).toBe(true);
    expect(isUpdateId(createContractId(seed, 0))).toBe(false);
  });

  test('synchronizer and participant ids are name::fingerprint, stable per name', () => {
    expect(makeSynchronizerId('global-domain', fingerprint)).toBe(`global-domain::${fingerprint}`);
    expect(makeParticipantId('participant1', fingerprint)).toBe(`participant1::${fingerprint}`);
    expect(makeParticipantId('participant1')).toMatch(/^participant1::1220[0-9a-f]{64}$/);
    expect(makeParticipantId('participant1')).toBe(makeParticipantId('participant1'));
    expect(makeSynchronizerId()).toMatch(/^global-domain::1220[0-9a-f]{64}$/);
  });
});
