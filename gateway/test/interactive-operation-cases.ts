import { expect } from 'vitest';
import { type ExternalKey, executeRequest, type Prepared, prepare } from './external-fixtures.ts';
import type { Exchange } from './ledger-calls.ts';
import { createIou } from './ledger-fixtures.ts';
import { type LedgerFixture, fixtureUsers as users } from './ledger-operation-fixture.ts';
import type { ErrorCase, OperationCase } from './ledger-operation-table.ts';
import type { OperationKey } from './spec-operations.ts';
import {
  createKeyPair,
  sdkFingerprint,
  sdkPreparedTransactionHash,
  sdkTopologyHash,
  signTransactionHash,
} from './wallet-sdk-offline.ts';

// The every-operation table's cases for external parties and interactive submission: keys and
// signatures from the official SDK, checked hashes from its own recomputation.

type Signer = { party: string; key: ExternalKey; fingerprint: string };

const post = (path: string, body: unknown): Exchange => ({ method: 'post', path, body });

const generateBody = (
  f: LedgerFixture,
  key: ExternalKey,
  keySpec = 'SIGNING_KEY_SPEC_EC_CURVE25519',
) => ({
  synchronizer: f.node.node.identity.synchronizerId,
  partyHint: f.unique('external'),
  publicKey: { format: 'CRYPTO_KEY_FORMAT_RAW', keyData: key.publicKey, keySpec },
});

type Generated = {
  partyId: string;
  publicKeyFingerprint: string;
  topologyTransactions: string[];
  multiHash: string;
};

async function generated(f: LedgerFixture, key: ExternalKey): Promise<Generated> {
  const response = await f.node.call('/v2/parties/external/generate-topology', {
    body: generateBody(f, key),
  });
  return (await response.json()) as Generated;
}

function allocateBody(f: LedgerFixture, topology: Generated, signature: string) {
  return {
    synchronizer: f.node.node.identity.synchronizerId,
    userId: 'participant_admin',
    onboardingTransactions: topology.topologyTransactions.map((transaction) => ({ transaction })),
    multiHashSignatures: [
      {
        format: 'SIGNATURE_FORMAT_CONCAT',
        signature,
        signedBy: topology.publicKeyFingerprint,
        signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519',
      },
    ],
  };
}

/**
 * The external party the execute cases sign for: the one the allocate case onboarded (its
 * outcome records it), so that building a request never moves the ledger (the authorization
 * tests compare ledger ends around each request). Error cases allocate one if needed.
 */
const signers = new WeakMap<LedgerFixture, Signer>();
const keysByParty = new Map<string, ExternalKey>();

async function onboarded(f: LedgerFixture): Promise<Signer> {
  const known = signers.get(f);
  if (known !== undefined) return known;
  const key = createKeyPair();
  const topology = await generated(f, key);
  const body = allocateBody(f, topology, signTransactionHash(topology.multiHash, key.privateKey));
  await f.node.call('/v2/parties/external/allocate', { body });
  const signer = { party: topology.partyId, key, fingerprint: topology.publicKeyFingerprint };
  signers.set(f, signer);
  return signer;
}

const prepareBody = (
  f: LedgerFixture,
  party: string,
  commands = [createIou(party, party, '5')],
) => ({
  commands,
  commandId: f.unique('interactive'),
  actAs: [party],
  userId: 'participant_admin',
});

async function prepared(signer: Signer, f: LedgerFixture): Promise<Prepared> {
  return prepare(f.node, prepareBody(f, signer.party));
}

/** Before the allocate case ran: a request of the right shape (only refused requests use it). */
const placeholder = {
  preparedTransaction: 'AA==',
  partySignatures: { signatures: [] },
  submissionId: 'placeholder',
  hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
};

const executeCase = (
  path: string,
  outcome: NonNullable<OperationCase['outcome']>,
): OperationCase => ({
  request: async (f) => {
    const signer = signers.get(f);
    if (signer === undefined) return post(path, placeholder);
    return post(path, executeRequest(await prepared(signer, f), signer));
  },
  outcome,
});

export const interactiveValidCases: Partial<Record<OperationKey, OperationCase>> = {
  'POST /v2/parties/external/generate-topology': {
    request: (f) =>
      post('/v2/parties/external/generate-topology', generateBody(f, createKeyPair())),
    outcome: async (answer, _f, sent) => {
      const body = answer.body as Generated;
      const key = (sent.body as ReturnType<typeof generateBody>).publicKey.keyData;
      expect(body.publicKeyFingerprint).toBe(await sdkFingerprint(key));
      expect(body.multiHash).toBe(await sdkTopologyHash(body.topologyTransactions));
    },
  },
  'POST /v2/parties/external/allocate': {
    request: async (f) => {
      const key = createKeyPair();
      const topology = await generated(f, key);
      keysByParty.set(topology.partyId, key);
      const signature = signTransactionHash(topology.multiHash, key.privateKey);
      return post('/v2/parties/external/allocate', allocateBody(f, topology, signature));
    },
    outcome: (answer, f, sent) => {
      const { partyId } = answer.body as { partyId: string };
      const signedBy =
        (sent.body as ReturnType<typeof allocateBody>).multiHashSignatures[0]?.signedBy ?? '';
      expect(partyId).toContain(`::${signedBy}`);
      const key = keysByParty.get(partyId);
      if (key !== undefined) signers.set(f, { party: partyId, key, fingerprint: signedBy });
    },
  },
  // Preparing needs no external party: alice's user may read as her.
  // Preparing needs no external party: alice's own user may read as her.
  'POST /v2/interactive-submission/prepare': {
    request: (f) => ({
      ...post('/v2/interactive-submission/prepare', {
        ...prepareBody(f, f.alice),
        userId: users.alice,
      }),
      user: users.alice,
    }),
    outcome: async (answer) => {
      const body = answer.body as Prepared;
      expect(await sdkPreparedTransactionHash(body.preparedTransaction)).toBe(
        body.preparedTransactionHash,
      );
    },
  },
  'POST /v2/interactive-submission/execute': executeCase(
    '/v2/interactive-submission/execute',
    (answer) => {
      expect(answer.body).toEqual({});
    },
  ),
  'POST /v2/interactive-submission/executeAndWait': executeCase(
    '/v2/interactive-submission/executeAndWait',
    (answer) => {
      expect(answer.body).toMatchObject({ updateId: expect.stringMatching(/^1220/) });
    },
  ),
  'POST /v2/interactive-submission/executeAndWaitForTransaction': executeCase(
    '/v2/interactive-submission/executeAndWaitForTransaction',
    (answer) => {
      const { transaction } = answer.body as {
        transaction: { events: unknown[]; externalTransactionHash: string };
      };
      expect(transaction.events).toHaveLength(1);
      expect(transaction.externalTransactionHash).toMatch(/^[0-9a-f]{64}$/);
    },
  ),
};

export const interactiveErrorCases: Partial<Record<OperationKey, ErrorCase>> = {
  'POST /v2/parties/external/generate-topology': {
    request: (f) =>
      post(
        '/v2/parties/external/generate-topology',
        generateBody(f, createKeyPair(), 'SIGNING_KEY_SPEC_EC_P256'),
      ),
    status: 400,
    code: 'INVALID_ARGUMENT',
  },
  'POST /v2/parties/external/allocate': {
    request: async (f) => {
      const topology = await generated(f, createKeyPair());
      const forged = signTransactionHash(topology.multiHash, createKeyPair().privateKey);
      return post('/v2/parties/external/allocate', allocateBody(f, topology, forged));
    },
    status: 400,
    code: 'INVALID_ARGUMENT',
  },
  'POST /v2/interactive-submission/prepare': {
    request: (f) => {
      const two = [createIou(f.alice, f.alice, '1'), createIou(f.alice, f.alice, '2')];
      const body = { ...prepareBody(f, f.alice, two), userId: users.alice };
      return { ...post('/v2/interactive-submission/prepare', body), user: users.alice };
    },
    status: 400,
    code: 'INVALID_ARGUMENT',
  },
  'POST /v2/interactive-submission/execute': {
    request: async (f) => {
      const signer = await onboarded(f);
      const wrongKey = { ...signer, key: createKeyPair() };
      return post(
        '/v2/interactive-submission/execute',
        executeRequest(await prepared(signer, f), wrongKey),
      );
    },
    status: 400,
    code: 'INVALID_ARGUMENT',
  },
  'POST /v2/interactive-submission/executeAndWait': {
    request: async (f) => {
      const signer = await onboarded(f);
      const other = await prepared(signer, f);
      const request = executeRequest(await prepared(signer, f), signer, {
        hash: other.preparedTransactionHash,
      });
      return post('/v2/interactive-submission/executeAndWait', request);
    },
    status: 400,
    code: 'INVALID_ARGUMENT',
  },
  'POST /v2/interactive-submission/executeAndWaitForTransaction': {
    request: () =>
      post('/v2/interactive-submission/executeAndWaitForTransaction', { preparedTransaction: 7 }),
    status: 400,
    plain: true,
  },
};
