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

/** What the node knows that the request does not: the synchronizers it is connected to. */
export type AllocationContext = {
  /** The default synchronizer: where a party goes when the request names none. */
  readonly synchronizerId: string;
  /**
   * Every synchronizer connected (issue 10); when there are several, a request must name one,
   * and a party of ours may be allocated again on one that does not host it yet.
   */
  readonly connected?: readonly string[];
  readonly hostedOn?: (party: string) => ReadonlySet<string>;
};

/** The synchronizer a party is allocated on: the one named, or the only one connected. */
function targetSynchronizer(requested: string, context: AllocationContext): string {
  const connected = context.connected ?? [context.synchronizerId];
  if (requested === '') {
    if (connected.length > 1) {
      throw invalidField(
        'synchronizer_id',
        `The participant is connected to several synchronizers (${connected.join(', ')}): the synchronizer must be named`,
      );
    }
    return context.synchronizerId;
  }
  if (!connected.includes(requested)) {
    throw invalidField('synchronizer_id', `Unknown or not connected synchronizer ${requested}`);
  }
  return requested;
}

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
  const requested = optionalSynchronizerId(request.synchronizerId, 'synchronizer_id');
  const synchronizerId = targetSynchronizer(requested, context);
  const userId = optionalUserId(request.userId, 'user_id');
  return { hint, annotations: sortKeys(annotations), identityProviderId, userId, synchronizerId };
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
    // A party of ours may be hosted on one more synchronizer (issue 10).
    const elsewhere =
      existing?.isLocal === true &&
      context.hostedOn !== undefined &&
      !context.hostedOn(party).has(valid.synchronizerId);
    if (existing !== undefined && !elsewhere) {
      throw invalidRequest(
        `Party already exists: party ${party} is already allocated on this node`,
      );
    }
    return {
      type: 'topology',
      offset,
      updateId,
      synchronizerId: valid.synchronizerId,
      recordTime,
      participantId: state.participantId,
      parties: [party],
      annotations: valid.annotations,
      identityProviderId: valid.identityProviderId,
      grantedTo: valid.userId,
    };
  };
}
