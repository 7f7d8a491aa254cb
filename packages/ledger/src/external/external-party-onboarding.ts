import { invalidArgument } from '../errors.ts';
import { splitPartyId } from '../ids/party-id.ts';
import { multiTopologyHash } from './canton-hash.ts';
import type { ExternalParty } from './external-party-state.ts';
import { type CantonSignature, validSigners } from './signatures.ts';
import type { SigningKey } from './signing-keys.ts';
import {
  decodeTopologyTransaction,
  type TopologyMapping,
  type TopologyTransaction,
} from './topology-transactions.ts';

export type SignedTopologyTransaction = {
  readonly bytes: Buffer;
  readonly signatures: readonly CantonSignature[];
};

export type OnboardingRequest = {
  readonly transactions: readonly SignedTopologyTransaction[];
  readonly multiHashSignatures: readonly CantonSignature[];
  readonly participantId: string;
  /** The party's current state, when this changes an external party already hosted here. */
  readonly existing: (party: string) => ExternalParty | undefined;
};

type Decoded = TopologyTransaction & { readonly signatures: readonly CantonSignature[] };
type MappingOf<TKind extends TopologyMapping['kind']> = Extract<TopologyMapping, { kind: TKind }>;

function mappingsOf<TKind extends TopologyMapping['kind']>(
  decoded: readonly Decoded[],
  kind: TKind,
): Array<Decoded & { readonly mapping: MappingOf<TKind> }> {
  return decoded.filter(
    (transaction): transaction is Decoded & { readonly mapping: MappingOf<TKind> } =>
      transaction.mapping.kind === kind,
  );
}

function partyOf(hosting: MappingOf<'partyToParticipant'>): { party: string; namespace: string } {
  const parts = splitPartyId(hosting.party);
  if (parts === null) throw invalidArgument(`Invalid party id ${hosting.party}`);
  return { party: hosting.party, namespace: parts.fingerprint };
}

function namespaceKeyOf(
  decoded: readonly Decoded[],
  namespace: string,
  existing: ExternalParty | undefined,
): SigningKey {
  if (existing !== undefined) return existing.namespaceKey;
  const root = mappingsOf(decoded, 'namespaceDelegation').find(
    ({ mapping }) => mapping.namespace === namespace && mapping.targetKey.fingerprint === namespace,
  );
  const selfSigned = decoded
    .flatMap(({ mapping }) => signingKeysIn(mapping)?.keys ?? [])
    .find((key) => key.fingerprint === namespace);
  const key = root?.mapping.targetKey ?? selfSigned;
  if (key === undefined) {
    throw invalidArgument(
      `No root key for namespace ${namespace}: onboarding needs the party's root NamespaceDelegation`,
    );
  }
  return key;
}

function signingKeysIn(mapping: TopologyMapping) {
  if (mapping.kind === 'partyToParticipant') return mapping.signingKeys;
  if (mapping.kind === 'partyToKeyMapping') {
    return { keys: mapping.keys, threshold: mapping.threshold };
  }
  return null;
}

/** Every transaction must carry a valid signature of `key`, alone or through the multi-hash. */
function requireSignedBy(
  key: SigningKey,
  transactions: readonly Decoded[],
  context: { readonly multiHash: Buffer; readonly multiHashSignatures: readonly CantonSignature[] },
  role: string,
): void {
  const viaMultiHash = validSigners([key], context.multiHashSignatures, context.multiHash);
  for (const transaction of transactions) {
    if (viaMultiHash.valid.has(key.fingerprint)) continue;
    const own = validSigners([key], transaction.signatures, transaction.hash);
    if (!own.valid.has(key.fingerprint)) {
      throw invalidArgument(
        `The topology transaction ${transaction.hash.toString('hex')} (${transaction.mapping.kind}) is not authorized: it needs a valid signature of the ${role} key ${key.fingerprint}`,
      );
    }
  }
}

function hostingOf(hosting: MappingOf<'partyToParticipant'>, participantId: string) {
  const here = hosting.participants.find((entry) => entry.participantUid === participantId);
  if (here === undefined) {
    throw invalidArgument(
      `The PartyToParticipant mapping of ${hosting.party} does not host the party on this participant ${participantId}`,
    );
  }
  if (here.permission === 'submission') {
    throw invalidArgument(
      'An external party is hosted with Confirmation or Observation permission, not Submission',
    );
  }
  return here.permission;
}

function checkSigningKeys(keys: { keys: readonly SigningKey[]; threshold: number } | null) {
  if (keys === null || keys.keys.length === 0) {
    throw invalidArgument(
      'No party signing keys: the PartyToParticipant (or a PartyToKeyMapping) must name them',
    );
  }
  const distinct = [...new Map(keys.keys.map((key) => [key.fingerprint, key])).values()];
  if (keys.threshold < 1 || keys.threshold > distinct.length) {
    throw invalidArgument(
      `Invalid signing threshold ${keys.threshold} for ${distinct.length} distinct keys`,
    );
  }
  return { keys: distinct, threshold: keys.threshold };
}

/**
 * Verifies the signed topology transactions that onboard an external party here (or change its
 * keys): one PartyToParticipant naming this participant, each transaction authorized by the
 * party's namespace key, each new signing key proving possession, serials in sequence.
 */
export function verifyOnboarding(request: OnboardingRequest): ExternalParty {
  const decoded = request.transactions.map((transaction) => ({
    ...decodeTopologyTransaction(transaction.bytes),
    signatures: transaction.signatures,
  }));
  const [hosting, ...more] = mappingsOf(decoded, 'partyToParticipant');
  if (hosting === undefined || more.length > 0) {
    throw invalidArgument(
      'The onboarding transactions must contain exactly one PartyToParticipant',
    );
  }
  const { party, namespace } = partyOf(hosting.mapping);
  const existing = request.existing(party);
  const expectedSerial = (existing?.serial ?? 0) + 1;
  if (hosting.serial !== expectedSerial) {
    throw invalidArgument(
      `The PartyToParticipant of ${party} has serial ${hosting.serial}, expected ${expectedSerial}`,
    );
  }
  for (const { mapping } of decoded) {
    const about = mapping.kind === 'namespaceDelegation' ? mapping.namespace : mapping.party;
    if (about !== (mapping.kind === 'namespaceDelegation' ? namespace : party)) {
      throw invalidArgument(`A topology transaction concerns ${about}, not ${party}`);
    }
  }
  const keyMapping = mappingsOf(decoded, 'partyToKeyMapping')[0]?.mapping;
  const signing = checkSigningKeys(
    hosting.mapping.signingKeys ?? (keyMapping ? signingKeysIn(keyMapping) : null),
  );
  const namespaceKey = namespaceKeyOf(decoded, namespace, existing);
  const multiHash = multiTopologyHash(decoded.map((transaction) => transaction.hash));
  const context = { multiHash, multiHashSignatures: request.multiHashSignatures };
  requireSignedBy(namespaceKey, decoded, context, 'namespace');
  const known = new Set([
    namespaceKey.fingerprint,
    ...(existing?.signingKeys ?? []).map((key) => key.fingerprint),
  ]);
  const keyTransactions = decoded.filter(({ mapping }) => signingKeysIn(mapping) !== null);
  for (const key of signing.keys) {
    if (!known.has(key.fingerprint)) requireSignedBy(key, keyTransactions, context, 'new signing');
  }
  return {
    party,
    namespaceKey,
    signingKeys: signing.keys,
    threshold: signing.threshold,
    serial: hosting.serial,
    permission: hostingOf(hosting.mapping, request.participantId),
  };
}
