import { createHash } from 'node:crypto';
import type { TopologyRecord } from '../transaction.ts';
import { invalidField, invalidRequest, permissionDenied } from './admin-errors.ts';
import {
  optionalIdentityProviderId,
  optionalSynchronizerId,
  optionalUserId,
  participantNamespace,
  partyIdFromHint,
  requireParty,
} from './identifiers.ts';
import {
  type ObjectMetaInput,
  requireNoResourceVersion,
  sortKeys,
  validateAnnotations,
} from './object-meta.ts';
import type { ParticipantState } from './participant-state.ts';
import { requireIdentityProviderExists, withUser } from './user-lookup.ts';

/** Body of POST /v2/parties. */
export type AllocatePartyRequest = {
  readonly partyIdHint?: string | undefined;
  readonly localMetadata?: ObjectMetaInput | undefined;
  readonly identityProviderId?: string | undefined;
  readonly synchronizerId?: string | undefined;
  readonly userId?: string | undefined;
};

/** What the node knows that the request does not: the synchronizer it is connected to. */
export type AllocationContext = { readonly synchronizerId: string };

export type TopologyPlan = (
  state: ParticipantState,
  offset: number,
  updateId: string,
  recordTime: string,
) => TopologyRecord;

/**
 * Canton generates `party-<uuid>` for a missing hint. Ours is derived from the update id,
 * which is unique, so replays and tests see the same party.
 */
function generatedHint(updateId: string): string {
  const hex = createHash('sha256').update(updateId).digest('hex');
  return `party-${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function validateAllocation(request: AllocatePartyRequest, context: AllocationContext) {
  const hint = request.partyIdHint ? requireParty(request.partyIdHint) : null;
  requireNoResourceVersion(request.localMetadata, 'local_metadata.resource_version');
  const annotations = validateAnnotations(request.localMetadata?.annotations ?? {}, {
    fieldName: 'local_metadata.annotations',
    allowEmptyValues: false,
  });
  const identityProviderId = optionalIdentityProviderId(
    request.identityProviderId,
    'identity_provider_id',
  );
  const synchronizerId = optionalSynchronizerId(request.synchronizerId, 'synchronizer_id');
  if (synchronizerId !== '' && synchronizerId !== context.synchronizerId) {
    throw invalidField(
      'synchronizer_id',
      `Unknown or not connected synchronizer ${synchronizerId}`,
    );
  }
  const userId = optionalUserId(request.userId, 'user_id');
  return { hint, annotations: sortKeys(annotations), identityProviderId, userId };
}

/**
 * POST /v2/parties: the party id is `hint::<participant namespace>`. The named user (if any)
 * must exist within the same identity provider and receives CanActAs on the new party.
 */
export function planAllocateParty(
  request: AllocatePartyRequest,
  context: AllocationContext,
): TopologyPlan {
  return (state, offset, updateId, recordTime) => {
    const valid = validateAllocation(request, context);
    const namespace = participantNamespace(state.participantId);
    const party = partyIdFromHint(valid.hint ?? generatedHint(updateId), namespace);
    requireIdentityProviderExists(state, valid.identityProviderId);
    const { userId, identityProviderId } = valid;
    if (userId !== null)
      withUser(state, { userId, identityProviderId }, "checking user's existence");
    const existing = state.parties.get(party);
    if (existing?.isLocal && existing.identityProviderId !== valid.identityProviderId) {
      throw permissionDenied(
        `Party ${party} belongs to an identity provider that differs from the one specified in the request`,
      );
    }
    if (existing !== undefined) {
      throw invalidRequest(
        `Party already exists: party ${party} is already allocated on this node`,
      );
    }
    return {
      type: 'topology',
      offset,
      updateId,
      synchronizerId: context.synchronizerId,
      recordTime,
      participantId: state.participantId,
      parties: [party],
      annotations: valid.annotations,
      identityProviderId: valid.identityProviderId,
      grantedTo: valid.userId,
    };
  };
}
