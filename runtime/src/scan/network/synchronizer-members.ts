import { createNamespaceFingerprint, DomainError, isCantonPartyId } from '@pocketnet/ledger';

export type NodeIdentity = {
  readonly participantId: string;
  readonly synchronizerId: string;
};

const invalid = (message: string) => new DomainError('INVALID_ARGUMENT', message);

/** `identifier::fingerprint`, Canton's unique identifier of a node or synchronizer. */
function isUniqueIdentifier(text: string): boolean {
  const parts = text.split('::');
  return parts.length === 2 && parts[0] !== '' && /^[0-9a-fA-F]+$/.test(parts[1] ?? '');
}

/**
 * A participant as a synchronizer member: Canton's member id (`PAR::` and its unique identifier),
 * which MemberTraffic, BuyTrafficRequest and Scan's traffic status carry, not the Ledger API's
 * bare participant id.
 */
export const participantMemberId = (participantId: string): string => `PAR::${participantId}`;

/** The one synchronizer's members: its sequencer and mediator, and this participant. */
export function synchronizerMembers(identity: NodeIdentity) {
  const namespace = identity.synchronizerId.slice(identity.synchronizerId.indexOf('::') + 2);
  return {
    namespace,
    sequencerId: `SEQ::sequencer::${namespace}`,
    mediatorId: `MED::mediator::${namespace}`,
    participantId: participantMemberId(identity.participantId),
  };
}

/** A topology transaction as pocketnet serialises it: base64 of its canonical JSON. */
const topologyTransaction = (mapping: Record<string, unknown>): string =>
  Buffer.from(JSON.stringify({ serial: 1, operation: 'Replace', ...mapping })).toString('base64');

/**
 * The identity transactions of a synchronizer node: the synchronizer's root namespace
 * delegation, then the node's own signing key.
 */
export function identityTransactions(namespace: string, member: string): string[] {
  return [
    topologyTransaction({
      mapping: 'NamespaceDelegation',
      namespace,
      targetKey: namespace,
      isRootDelegation: true,
    }),
    topologyTransaction({
      mapping: 'OwnerToKeyMapping',
      member,
      keys: [createNamespaceFingerprint(`signing:${member}`)],
    }),
  ];
}

/** The transactions a synchronizer was bootstrapped with: its parameters and its node groups. */
export function bootstrappingTransactions(identity: NodeIdentity) {
  const members = synchronizerMembers(identity);
  const synchronizerId = identity.synchronizerId;
  return {
    domainParameters: topologyTransaction({
      mapping: 'SynchronizerParametersState',
      synchronizerId,
      protocolVersion: 34,
    }),
    sequencerDomainState: topologyTransaction({
      mapping: 'SequencerSynchronizerState',
      synchronizerId,
      threshold: 1,
      active: [members.sequencerId],
    }),
    mediatorDomainState: topologyTransaction({
      mapping: 'MediatorSynchronizerState',
      synchronizerId,
      group: 0,
      threshold: 1,
      active: [members.mediatorId],
    }),
  };
}

/** Throws 400 for an id that is no synchronizer id, 404 for one that is not this network's. */
export function requireKnownSynchronizer(identity: NodeIdentity, domainId: string): void {
  if (!isUniqueIdentifier(domainId)) {
    throw invalid(`Could not decode domain ID: '${domainId}' is not of the form id::fingerprint`);
  }
  if (domainId !== identity.synchronizerId) {
    throw new DomainError('CONTRACT_NOT_FOUND', `Synchronizer ${domainId} is not known to Scan`);
  }
}

/** Throws 400 unless `memberId` is `PAR::…` or `MED::…` followed by a unique identifier. */
export function requireMemberId(memberId: string): void {
  const separator = memberId.indexOf('::');
  const code = memberId.slice(0, separator);
  if (separator < 0 || !['PAR', 'MED'].includes(code)) {
    throw invalid(`Could not decode member ID: '${memberId}' does not start with PAR:: or MED::`);
  }
  if (!isUniqueIdentifier(memberId.slice(separator + 2))) {
    throw invalid(
      `Could not decode member ID: '${memberId}' is not of the form code::id::fingerprint`,
    );
  }
}

export function requirePartyId(party: string): void {
  if (!isCantonPartyId(party)) {
    throw invalid(`Could not decode party ID: '${party}' is not of the form hint::fingerprint`);
  }
}
