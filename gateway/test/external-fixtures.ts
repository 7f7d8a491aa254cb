import { expect } from 'vitest';
import { type Answer, send } from './ledger-calls.ts';
import { expectMatchesSpec } from './openapi-validator.ts';
import type { TestNode } from './test-node.ts';
import { createKeyPair, signTransactionHash } from './wallet-sdk-offline.ts';

// Test support for external parties: keys and signatures come from the official wallet SDK
// (tweetnacl), never from the node under test.

export type ExternalKey = { readonly publicKey: string; readonly privateKey: string };

export const createExternalKey = (): ExternalKey => createKeyPair();

export type GeneratedTopology = {
  readonly partyId: string;
  readonly publicKeyFingerprint: string;
  readonly topologyTransactions: string[];
  readonly multiHash: string;
};

/** A call whose answer must be 200 and match the spec; its body. */
export async function ok<T>(
  node: TestNode,
  path: string,
  body: unknown,
  user?: string,
): Promise<T> {
  const answer = await send(node, { method: 'post', path, body, ...(user ? { user } : {}) });
  expect(answer.status, answer.text).toBe(200);
  expectMatchesSpec({ spec: 'ledger', method: 'post', path, status: 200, body: answer.body });
  return answer.body as T;
}

export const ed25519Signature = (signature: string, signedBy: string) => ({
  format: 'SIGNATURE_FORMAT_CONCAT',
  signature,
  signedBy,
  signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519',
});

export function generateTopology(node: TestNode, hint: string, key: ExternalKey) {
  return ok<GeneratedTopology>(node, '/v2/parties/external/generate-topology', {
    synchronizer: node.node.identity.synchronizerId,
    partyHint: hint,
    publicKey: {
      format: 'CRYPTO_KEY_FORMAT_RAW',
      keyData: key.publicKey,
      keySpec: 'SIGNING_KEY_SPEC_EC_CURVE25519',
    },
  });
}

export function allocateRequest(
  node: TestNode,
  topology: GeneratedTopology,
  signature: string,
  userId = 'participant_admin',
) {
  return {
    synchronizer: node.node.identity.synchronizerId,
    userId,
    onboardingTransactions: topology.topologyTransactions.map((transaction) => ({ transaction })),
    multiHashSignatures: [ed25519Signature(signature, topology.publicKeyFingerprint)],
  };
}

/** generate-topology, the SDK signs the multi-hash, allocate (rights to the admin); the party. */
export async function onboardExternalParty(
  node: TestNode,
  hint: string,
  key: ExternalKey,
): Promise<GeneratedTopology> {
  const topology = await generateTopology(node, hint, key);
  const signature = signTransactionHash(topology.multiHash, key.privateKey);
  await ok(node, '/v2/parties/external/allocate', allocateRequest(node, topology, signature));
  return topology;
}

export type Prepared = {
  readonly preparedTransaction: string;
  readonly preparedTransactionHash: string;
  readonly hashingSchemeVersion: string;
  readonly hashingDetails?: string;
};

export const prepare = (node: TestNode, body: Record<string, unknown>, user?: string) =>
  ok<Prepared>(node, '/v2/interactive-submission/prepare', body, user);

/** An execute request signed by `key` for `party` (over `hash`, the prepared hash by default). */
export function executeRequest(
  prepared: Prepared,
  signer: { readonly party: string; readonly key: ExternalKey; readonly fingerprint: string },
  options: { readonly hash?: string; readonly submissionId?: string } = {},
) {
  const signature = signTransactionHash(
    options.hash ?? prepared.preparedTransactionHash,
    signer.key.privateKey,
  );
  return {
    preparedTransaction: prepared.preparedTransaction,
    hashingSchemeVersion: 'HASHING_SCHEME_VERSION_V2',
    submissionId: options.submissionId ?? `submission-${Math.random().toString(36).slice(2)}`,
    deduplicationPeriod: { Empty: {} },
    partySignatures: {
      signatures: [
        { party: signer.party, signatures: [ed25519Signature(signature, signer.fingerprint)] },
      ],
    },
  };
}

export const post = (node: TestNode, path: string, body: unknown, user?: string): Promise<Answer> =>
  send(node, { method: 'post', path, body, ...(user ? { user } : {}) });
