import { DomainError, type ParticipantState } from '@pocketnet/ledger';
import { memberTrafficTemplate } from '../../vocabulary/splice-templates.ts';
import { payloadOf } from '../../vocabulary/typed-commands.ts';
import { dsoRulesOf, svsOf } from './dso-state.ts';
import type { NetworkContract, NetworkContracts } from './network-contracts.projection.ts';
import { networkReferences as refs } from './network-references.ts';
import {
  bootstrappingTransactions,
  identityTransactions,
  type NodeIdentity,
  requireKnownSynchronizer,
  requireMemberId,
  requirePartyId,
  synchronizerMembers,
} from './synchronizer-members.ts';

const trafficOf = (traffic: NetworkContract) =>
  payloadOf(memberTrafficTemplate, traffic.node.createArgument);

const notFound = (message: string) => new DomainError('CONTRACT_NOT_FOUND', message);

/**
 * Who runs the network and where: the SVs' scans and sequencers (one SV, this node), the
 * synchronizer's nodes and their identities, which participant hosts a party, and a
 * member's traffic.
 */
export function createNetworkDirectory(deps: {
  readonly identity: NodeIdentity;
  readonly participant: ParticipantState;
  readonly contracts: NetworkContracts;
  /** When the network began: the record time of the first update Scan saw. */
  readonly genesisTime: () => string | null;
  /** The traffic this participant has consumed so far, in bytes. */
  readonly consumedTraffic: () => bigint;
  /** Every synchronizer of the node (issue 10); the global one alone when absent. */
  readonly synchronizerIds?: readonly string[];
  /** The global synchronizer's current migration id (0 until it migrates). */
  readonly migrationId?: () => number;
}) {
  const { identity, contracts } = deps;
  const members = synchronizerMembers(identity);
  const svNames = () => svsOf(dsoRulesOf(contracts)).map((sv) => sv.name);
  const synchronizerIds = deps.synchronizerIds ?? [identity.synchronizerId];
  /** The node's identity on the synchronizer with this id, or on the global one if unknown. */
  const identityOn = (domainId: string): NodeIdentity =>
    synchronizerIds.includes(domainId) ? { ...identity, synchronizerId: domainId } : identity;
  const requirePrefix = (prefix: string): NodeIdentity => {
    const found = synchronizerIds.find((id) => prefix !== '' && id.startsWith(prefix));
    if (found === undefined) {
      throw notFound(`No synchronizer with an id starting with '${prefix}'`);
    }
    return identityOn(found);
  };
  return {
    synchronizerId: identity.synchronizerId,
    /** Each SV's Scan, by synchronizer: this node's, as the SV's name. */
    scans: () => svNames().map((svName) => ({ svName })),
    sequencers: () =>
      svNames().map((svName) => ({
        svName,
        sequencerId: members.sequencerId,
        migrationId: deps.migrationId?.() ?? 0,
        availableAfter: deps.genesisTime() ?? '1970-01-01T00:00:00Z',
      })),
    bftSequencers: () => [{ serialId: 0, sequencerId: members.sequencerId }],
    synchronizerIdentities(prefix: string) {
      const own = synchronizerMembers(requirePrefix(prefix));
      return {
        sequencerId: own.sequencerId,
        sequencerIdentityTransactions: identityTransactions(own.namespace, own.sequencerId),
        mediatorId: own.mediatorId,
        mediatorIdentityTransactions: identityTransactions(own.namespace, own.mediatorId),
      };
    },
    bootstrappingTransactions(prefix: string) {
      return bootstrappingTransactions(requirePrefix(prefix));
    },
    /** The participants hosting `party` on the synchronizer: this one, if it hosts it. */
    participantsOf(domainId: string, party: string): string[] {
      requireKnownSynchronizer(identityOn(domainId), domainId);
      requirePartyId(party);
      if (!deps.participant.parties.has(party)) {
        throw new DomainError('PARTY_NOT_FOUND', `No participant id found hosting party: ${party}`);
      }
      return [members.participantId];
    },
    /**
     * A member's traffic: what was bought for it on the synchronizer, which takes effect at
     * once on the in-process synchronizer, and what it consumed: this participant pays for
     * every transaction it commits (the validator's traffic model); other members, here, none.
     */
    memberTraffic(domainId: string, memberId: string) {
      requireKnownSynchronizer(identityOn(domainId), domainId);
      requireMemberId(memberId);
      const own = synchronizerMembers(identityOn(domainId));
      const bought = contracts
        .ofParty(refs.memberTraffic, memberId)
        .filter((traffic) => trafficOf(traffic).synchronizerId === domainId);
      const known = [members.participantId, own.mediatorId].includes(memberId);
      if (!known && bought.length === 0) {
        throw notFound(`Member ${memberId} is not known on synchronizer ${domainId}`);
      }
      const purchased = bought.reduce(
        (sum, traffic) => sum + BigInt(trafficOf(traffic).totalPurchased),
        0n,
      );
      const consumed = memberId === members.participantId ? deps.consumedTraffic() : 0n;
      return { consumed, limit: purchased, purchased };
    },
  };
}

export type NetworkDirectory = ReturnType<typeof createNetworkDirectory>;
