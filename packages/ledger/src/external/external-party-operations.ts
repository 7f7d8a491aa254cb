import type { LedgerEngine } from '../engine/engine-types.ts';
import { invalidArgument } from '../errors.ts';
import { verifyOnboarding } from './external-party-onboarding.ts';
import { planHostExternalParty, planRecordExternalParty } from './external-party-plans.ts';
import type { ExternalParty } from './external-party-state.ts';
import {
  type GeneratedTopology,
  generateExternalPartyTopology,
  generateValidatorPartyTopology,
} from './external-party-topology.ts';
import type { CantonSignature } from './signatures.ts';
import { parseHexPublicKey, parseSigningPublicKey } from './signing-keys.ts';

/** The Ledger API's `Signature`, its signature base64. */
type SignatureJson = {
  readonly format: string;
  readonly signature: string;
  readonly signedBy: string;
  readonly signingAlgorithmSpec: string;
};

export type GenerateExternalPartyTopology = {
  readonly synchronizer: string;
  readonly partyHint: string;
  readonly publicKey: {
    readonly format: string;
    readonly keyData: string;
    readonly keySpec: string;
  };
  readonly localParticipantObservationOnly?: boolean | undefined;
  readonly otherConfirmingParticipantUids?: readonly string[] | undefined;
  readonly confirmationThreshold?: number | undefined;
  readonly observingParticipantUids?: readonly string[] | undefined;
};

export type AllocateExternalParty = {
  readonly synchronizer: string;
  readonly onboardingTransactions: readonly {
    readonly transaction: string;
    readonly signatures?: readonly SignatureJson[] | undefined;
  }[];
  readonly multiHashSignatures?: readonly SignatureJson[] | undefined;
  readonly identityProviderId?: string | undefined;
  readonly userId?: string | undefined;
};

const signatureOf = (json: SignatureJson): CantonSignature => ({
  ...json,
  signature: Buffer.from(json.signature, 'base64'),
});

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/**
 * External parties on this participant: the topology to sign (as the Ledger API and the
 * validator API each generate it), its verification, and the journaled result (the party's
 * keys first, then its hosting, so its keys are known as soon as the party is).
 */
export function createExternalPartyOperations(deps: {
  readonly engine: LedgerEngine;
  readonly synchronizerId: string;
}) {
  const { engine, synchronizerId } = deps;
  const requireSynchronizer = (synchronizer: string) => {
    if (synchronizer !== synchronizerId) {
      throw invalidArgument(`Unknown or not connected synchronizer ${synchronizer}`);
    }
  };

  async function onboard(
    verified: ExternalParty,
    hosting: Pick<AllocateExternalParty, 'identityProviderId' | 'userId'>,
  ): Promise<string> {
    await engine.commitAdmin(planRecordExternalParty(verified));
    if (!engine.participant.parties.has(verified.party)) {
      await engine.commitTopology(
        planHostExternalParty({ party: verified.party, synchronizerId, ...hosting }),
      );
    }
    return verified.party;
  }

  const verify = (
    transactions: readonly { bytes: Buffer; signatures: readonly CantonSignature[] }[],
    multiHashSignatures: readonly CantonSignature[],
  ) =>
    verifyOnboarding({
      transactions,
      multiHashSignatures,
      participantId: engine.participant.participantId,
      existing: (party) => engine.participant.externalParties.get(party),
    });

  return {
    /** `POST /v2/parties/external/generate-topology`. */
    generateTopology(request: GenerateExternalPartyTopology) {
      requireSynchronizer(request.synchronizer);
      const topology: GeneratedTopology = generateExternalPartyTopology({
        ...request,
        key: parseSigningPublicKey(request.publicKey),
        participantId: engine.participant.participantId,
      });
      return {
        partyId: topology.party,
        publicKeyFingerprint: topology.fingerprint,
        topologyTransactions: topology.transactions.map((transaction) => base64(transaction.bytes)),
        multiHash: base64(topology.multiHash),
      };
    },
    /** `POST /v2/parties/external/allocate`; a PartyToParticipant of the next serial changes keys. */
    async allocate(request: AllocateExternalParty) {
      requireSynchronizer(request.synchronizer);
      if (request.onboardingTransactions.length === 0) {
        throw invalidArgument('The submitted request is missing onboarding_transactions');
      }
      const transactions = request.onboardingTransactions.map((signed) => ({
        bytes: Buffer.from(signed.transaction, 'base64'),
        signatures: (signed.signatures ?? []).map(signatureOf),
      }));
      const verified = verify(transactions, (request.multiHashSignatures ?? []).map(signatureOf));
      return { partyId: await onboard(verified, request) };
    },
    /** The validator's `topology/generate`: three transactions, each to be signed alone. */
    generateValidatorTopology(request: { readonly partyHint: string; readonly publicKey: string }) {
      const topology = generateValidatorPartyTopology({
        partyHint: request.partyHint,
        key: parseHexPublicKey(request.publicKey),
        participantId: engine.participant.participantId,
      });
      return {
        partyId: topology.party,
        topologyTxs: topology.transactions.map((transaction) => ({
          topologyTx: base64(transaction.bytes),
          hash: transaction.hash.toString('hex'),
        })),
      };
    },
    /** The validator's `topology/submit`: each transaction signed by the party's key (hex r||s). */
    async submitValidatorTopology(request: {
      readonly publicKey: string;
      readonly signedTopologyTxs: readonly {
        readonly topologyTx: string;
        readonly signedHash: string;
      }[];
    }) {
      const key = parseHexPublicKey(request.publicKey);
      const transactions = request.signedTopologyTxs.map((signed) => ({
        bytes: Buffer.from(signed.topologyTx, 'base64'),
        signatures: [
          {
            format: 'SIGNATURE_FORMAT_CONCAT',
            signature: Buffer.from(signed.signedHash, 'hex'),
            signedBy: key.fingerprint,
            signingAlgorithmSpec: 'SIGNING_ALGORITHM_SPEC_ED25519',
          },
        ],
      }));
      return { partyId: await onboard(verify(transactions, []), {}) };
    },
    /** The party's keys, if it is an external party hosted here. */
    keysOf: (party: string): ExternalParty | undefined =>
      engine.participant.externalParties.get(party),
  };
}

export type ExternalPartyOperations = ReturnType<typeof createExternalPartyOperations>;
