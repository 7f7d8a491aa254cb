import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { Command } from '../src/commands.ts';
import { createExternalPartyOperations } from '../src/external/external-party-operations.ts';
import {
  createInteractiveSubmissions,
  type PrepareSubmission,
} from '../src/interactive/interactive-operations.ts';
import { createMemoryJournal } from '../src/journal/memory-journal.ts';
import type { Package } from '../src/packages/package.ts';
import { startEngine, synchronizerId } from './engine.test-helper.ts';

// Test support: an engine with the external-party and interactive-submission operations, and
// Ed25519 keys made with node:crypto, signing as a wallet would.

export type TestKey = {
  readonly privateKey: KeyObject;
  /** Raw 32-byte public key, base64. */
  readonly publicKey: string;
};

export function createTestKey(): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  return { privateKey, publicKey: spki.subarray(spki.length - 32).toString('base64') };
}

/** The base64 Ed25519 signature of base64 bytes (a hash as the APIs return it). */
export const signBase64 = (key: TestKey, message: string): string =>
  sign(null, Buffer.from(message, 'base64'), key.privateKey).toString('base64');

export async function startExternalLedger(options: { packages?: readonly Package[] } = {}) {
  const journal = createMemoryJournal();
  const started = await startEngine(journal, { host: true, ...options });
  const externalParties = createExternalPartyOperations({ engine: started.engine, synchronizerId });
  const interactive = createInteractiveSubmissions({
    engine: started.engine,
    synchronizerId,
    clock: started.clock,
  });
  for (const record of started.published) interactive.observe(record);

  /** generate-topology, sign the multi-hash, allocate: the party id. */
  async function onboard(hint: string, key: TestKey): Promise<string> {
    const topology = externalParties.generateTopology({
      synchronizer: synchronizerId,
      partyHint: hint,
      publicKey: {
        format: 'CRYPTO_KEY_FORMAT_RAW',
        keyData: key.publicKey,
        keySpec: 'SIGNING_KEY_SPEC_EC_CURVE25519',
      },
    });
    const { partyId } = await externalParties.allocate({
      synchronizer: synchronizerId,
      onboardingTransactions: topology.topologyTransactions.map((transaction) => ({ transaction })),
      multiHashSignatures: [
        {
          format: 'SIGNATURE_FORMAT_CONCAT',
          signature: signBase64(key, topology.multiHash),
          signedBy: topology.publicKeyFingerprint,
          signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519',
        },
      ],
    });
    return partyId;
  }
  return { ...started, journal, externalParties, interactive, onboard };
}

/** What a wallet asks to prepare: `commands` acting as `party` alone, nothing else set. */
export const walletPrepareRequest = (
  party: string,
  commandId: string,
  commands: readonly Command[],
): PrepareSubmission => ({
  userId: 'wallet',
  commandId,
  commands,
  actAs: [party],
  readAs: [],
  disclosedContracts: [],
  synchronizerId: null,
  minLedgerTimeMicros: null,
  maxRecordTimeMicros: null,
});
