import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allocateRequest,
  createExternalKey,
  ed25519Signature,
  generateTopology,
  onboardExternalParty,
  post,
} from './external-fixtures.ts';
import { expectCantonError, send } from './ledger-calls.ts';
import { startTestNode, type TestNode } from './test-node.ts';
import { sdkFingerprint, sdkTopologyHash, signTransactionHash } from './wallet-sdk-offline.ts';

// Independent of the node: Canton's fingerprint and topology hash straight from their
// definitions, and a PartyToParticipant written byte by byte from Canton's topology.proto.

const multihash = (purpose: number, bytes: Buffer) => {
  const prefix = Buffer.alloc(4);
  prefix.writeInt32BE(purpose);
  return Buffer.concat([
    Buffer.from([0x12, 0x20]),
    createHash('sha256').update(prefix).update(bytes).digest(),
  ]);
};
const fingerprintOf = (publicKey: string) =>
  multihash(12, Buffer.from(publicKey, 'base64')).toString('hex');

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  while (rest > 127) {
    bytes.push((rest & 127) | 128);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
}
const number = (field: number, value: number) => Buffer.concat([varint(field * 8), varint(value)]);
const bytes = (field: number, value: Buffer | string) => {
  const payload = Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
  return Buffer.concat([varint(field * 8 + 2), varint(payload.length), payload]);
};

/** A PartyToParticipant (serial `serial`) hosting `party` here with `publicKey` as its key. */
function partyToParticipant(party: string, participant: string, publicKey: string, serial: number) {
  const key = Buffer.concat([
    number(2, 3),
    bytes(3, Buffer.from(publicKey, 'base64')),
    number(5, 4),
    number(6, 1),
  ]);
  const mapping = Buffer.concat([
    bytes(1, party),
    number(2, 1),
    bytes(3, Buffer.concat([bytes(1, participant), number(2, 2)])),
    bytes(6, Buffer.concat([bytes(1, key), number(2, 1)])),
  ]);
  const transaction = Buffer.concat([number(1, 1), number(2, serial), bytes(3, bytes(9, mapping))]);
  return Buffer.concat([bytes(1, transaction), number(2, 30)]);
}

let node: TestNode;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pocketnet-external-'));
  node = await startTestNode({ dataDir });
});
afterAll(async () => {
  await node.close();
  await rm(dataDir, { recursive: true, force: true });
});

const jwks = async (party: string) => {
  const path = `/v2/jose/jwks/synchronizer/${encodeURIComponent(node.node.identity.synchronizerId)}/party/${encodeURIComponent(party)}`;
  const answer = await send(node, { method: 'get', path });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { keys: Array<{ kid: string; x: string }> }).keys;
};

describe('POST /v2/parties/external/generate-topology', () => {
  it('names the party after the key fingerprint and returns the multi-hash the SDK computes', async () => {
    const key = createExternalKey();
    const topology = await generateTopology(node, 'alice', key);
    const fingerprint = fingerprintOf(key.publicKey);
    expect(topology.publicKeyFingerprint).toBe(fingerprint);
    expect(await sdkFingerprint(key.publicKey)).toBe(fingerprint);
    expect(topology.partyId).toBe(`alice::${fingerprint}`);
    expect(topology.topologyTransactions).toHaveLength(2);
    expect(topology.multiHash).toBe(await sdkTopologyHash(topology.topologyTransactions));
  });
});

describe('POST /v2/parties/external/allocate', () => {
  it('hosts the party once its key signed the multi-hash, and lists that key', async () => {
    const key = createExternalKey();
    const { partyId, publicKeyFingerprint } = await onboardExternalParty(node, 'bob', key);
    const parties = await send(node, {
      method: 'get',
      path: `/v2/parties/${encodeURIComponent(partyId)}`,
    });
    expect(parties.body).toMatchObject({ partyDetails: [{ party: partyId, isLocal: true }] });
    const [listed, ...more] = await jwks(partyId);
    expect(more).toEqual([]);
    expect(listed?.kid).toBe(publicKeyFingerprint);
    expect(Buffer.from(listed?.x ?? '', 'base64url').toString('base64')).toBe(key.publicKey);
  });

  it('refuses a multi-hash signed by another key, and one of another hash, hosting nothing', async () => {
    const key = createExternalKey();
    const topology = await generateTopology(node, 'mallory', key);
    const otherKey = signTransactionHash(topology.multiHash, createExternalKey().privateKey);
    const otherHash = signTransactionHash(Buffer.alloc(34, 7).toString('base64'), key.privateKey);
    for (const signature of [otherKey, otherHash]) {
      const path = '/v2/parties/external/allocate';
      const answer = await post(node, path, allocateRequest(node, topology, signature));
      expectCantonError(answer, { status: 400, code: 'INVALID_ARGUMENT', method: 'post', path });
    }
    const parties = await send(node, {
      method: 'get',
      path: `/v2/parties/${encodeURIComponent(topology.partyId)}`,
    });
    expect(parties.body).toEqual({ partyDetails: [] });
  });

  it('rotates the signing key with a PartyToParticipant of the next serial, kept across a restart', async () => {
    const key = createExternalKey();
    const next = createExternalKey();
    const { partyId } = await onboardExternalParty(node, 'carol', key);
    const rotation = partyToParticipant(
      partyId,
      node.node.identity.participantId,
      next.publicKey,
      2,
    );
    const hash = multihash(11, rotation).toString('base64');
    await post(node, '/v2/parties/external/allocate', {
      synchronizer: node.node.identity.synchronizerId,
      onboardingTransactions: [
        {
          transaction: rotation.toString('base64'),
          signatures: [
            ed25519Signature(
              signTransactionHash(hash, key.privateKey),
              fingerprintOf(key.publicKey),
            ),
            ed25519Signature(
              signTransactionHash(hash, next.privateKey),
              fingerprintOf(next.publicKey),
            ),
          ],
        },
      ],
    }).then((answer) => expect(answer.status, answer.text).toBe(200));
    expect((await jwks(partyId)).map((listed) => listed.kid)).toEqual([
      fingerprintOf(next.publicKey),
    ]);
    await node.close();
    node = await startTestNode({ dataDir });
    expect((await jwks(partyId)).map((listed) => listed.kid)).toEqual([
      fingerprintOf(next.publicKey),
    ]);
  });
});
