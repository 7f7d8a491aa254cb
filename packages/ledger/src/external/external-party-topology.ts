import { invalidArgument } from '../errors.ts';
import { createPartyId } from '../ids/party-id.ts';
import { multiTopologyHash } from './canton-hash.ts';
import type { SigningKey } from './signing-keys.ts';
import {
  type HostingParticipant,
  type TopologyTransaction,
  topologyTransaction,
} from './topology-transactions.ts';

export type GenerateTopologyRequest = {
  readonly partyHint: string;
  readonly key: SigningKey;
  readonly participantId: string;
  readonly localParticipantObservationOnly?: boolean | undefined;
  readonly otherConfirmingParticipantUids?: readonly string[] | undefined;
  readonly observingParticipantUids?: readonly string[] | undefined;
  readonly confirmationThreshold?: number | undefined;
};

export type GeneratedTopology = {
  readonly party: string;
  readonly fingerprint: string;
  readonly transactions: readonly TopologyTransaction[];
  /** The hash one signature of all of `transactions` covers. */
  readonly multiHash: Buffer;
};

function hostingOf(request: GenerateTopologyRequest): HostingParticipant[] {
  const local: HostingParticipant = {
    participantUid: request.participantId,
    permission: request.localParticipantObservationOnly ? 'observation' : 'confirmation',
  };
  const confirming = (request.otherConfirmingParticipantUids ?? []).map(
    (participantUid): HostingParticipant => ({ participantUid, permission: 'confirmation' }),
  );
  const observing = (request.observingParticipantUids ?? []).map(
    (participantUid): HostingParticipant => ({ participantUid, permission: 'observation' }),
  );
  return [local, ...confirming, ...observing];
}

function thresholdOf(request: GenerateTopologyRequest, hosting: readonly HostingParticipant[]) {
  const confirmers = hosting.filter((entry) => entry.permission === 'confirmation').length;
  const requested = request.confirmationThreshold ?? 0;
  if (requested < 0 || requested > Math.max(confirmers, 1)) {
    throw invalidArgument(
      `Invalid confirmation threshold ${requested} for ${confirmers} confirming participants`,
    );
  }
  return requested === 0 ? Math.max(confirmers, 1) : requested;
}

/** The party's root NamespaceDelegation (its key certifies itself), then `hosting`. */
function generated(party: string, key: SigningKey, hosting: TopologyTransaction[]) {
  const transactions = [
    topologyTransaction({
      kind: 'namespaceDelegation',
      namespace: key.fingerprint,
      targetKey: key,
    }),
    ...hosting,
  ];
  return {
    party,
    fingerprint: key.fingerprint,
    transactions,
    multiHash: multiTopologyHash(transactions.map((transaction) => transaction.hash)),
  };
}

/**
 * `POST /v2/parties/external/generate-topology`: the party's root NamespaceDelegation and a
 * PartyToParticipant that hosts it here and names its key as its signing key (Canton 3.4+).
 */
export function generateExternalPartyTopology(request: GenerateTopologyRequest): GeneratedTopology {
  const { key } = request;
  const party = createPartyId(request.partyHint, key.fingerprint);
  const participants = hostingOf(request);
  return generated(party, key, [
    topologyTransaction({
      kind: 'partyToParticipant',
      party,
      threshold: thresholdOf(request, participants),
      participants,
      signingKeys: { keys: [key], threshold: 1 },
    }),
  ]);
}

/**
 * The validator's `topology/generate`: NamespaceDelegation, a PartyToParticipant with
 * Confirmation on the validator's participant, and a PartyToKeyMapping, all serial 1.
 */
export function generateValidatorPartyTopology(request: {
  readonly partyHint: string;
  readonly key: SigningKey;
  readonly participantId: string;
}): GeneratedTopology {
  const { key } = request;
  const party = createPartyId(request.partyHint, key.fingerprint);
  return generated(party, key, [
    topologyTransaction({
      kind: 'partyToParticipant',
      party,
      threshold: 1,
      participants: [{ participantUid: request.participantId, permission: 'confirmation' }],
      signingKeys: null,
    }),
    topologyTransaction({ kind: 'partyToKeyMapping', party, threshold: 1, keys: [key] }),
  ]);
}
