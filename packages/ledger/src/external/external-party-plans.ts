import type { AdminPlan } from '../participant/admin-changes.ts';
import { invalidRequest } from '../participant/admin-errors.ts';
import { optionalIdentityProviderId, optionalUserId } from '../participant/identifiers.ts';
import type { TopologyPlan } from '../participant/party-allocation.ts';
import { requireIdentityProviderExists, withUser } from '../participant/user-lookup.ts';
import type { ExternalParty, ExternalPartyRecord } from './external-party-state.ts';

/**
 * Journals an external party's keys and hosting (before the party itself is hosted, so its
 * keys are known as soon as it is). A party hosted here as a local party cannot become one.
 */
export function planRecordExternalParty(party: ExternalParty): AdminPlan<ExternalPartyRecord> {
  return (state, recordTime) => {
    const hosted = state.parties.get(party.party);
    const current = state.externalParties.get(party.party);
    if (hosted !== undefined && current === undefined) {
      throw invalidRequest(
        `Party already exists: party ${party.party} is already allocated on this node`,
      );
    }
    if (current !== undefined && current.serial >= party.serial) {
      throw invalidRequest(
        `The topology of ${party.party} is at serial ${current.serial}; a change needs serial ${current.serial + 1}`,
      );
    }
    return { type: 'admin', recordTime, change: { kind: 'externalParty.keysChanged', ...party } };
  };
}

export type HostExternalPartyRequest = {
  readonly party: string;
  readonly synchronizerId: string;
  readonly identityProviderId?: string | undefined;
  readonly userId?: string | undefined;
};

/** The topology update that makes the (already journaled) external party a party of this node. */
export function planHostExternalParty(request: HostExternalPartyRequest): TopologyPlan {
  return (state, offset, updateId, recordTime) => {
    const identityProviderId = optionalIdentityProviderId(
      request.identityProviderId,
      'identity_provider_id',
    );
    requireIdentityProviderExists(state, identityProviderId);
    const userId = optionalUserId(request.userId, 'user_id');
    if (userId !== null)
      withUser(state, { userId, identityProviderId }, "checking user's existence");
    return {
      type: 'topology',
      offset,
      updateId,
      synchronizerId: request.synchronizerId,
      recordTime,
      participantId: state.participantId,
      parties: [request.party],
      annotations: {},
      identityProviderId,
      grantedTo: userId,
    };
  };
}
