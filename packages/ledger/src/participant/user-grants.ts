import {
  type AdminPlan,
  adminRecord,
  type ParticipantAdminRecord,
  type UserRightsGranted,
  type UserRightsRevoked,
} from './admin-changes.ts';
import { tooManyUserRights } from './admin-errors.ts';
import { requireAnotherActiveAdmin } from './last-participant-admin.ts';
import type { UserRight } from './participant-state.ts';
import { requireKnownRightParties, validateRights, withUser } from './user-lookup.ts';
import { maxRightsPerUser, rightsToGrant, rightsToRevoke } from './user-rights.ts';
import { validLookup } from './users.ts';

/** Body of POST (grant) and PATCH (revoke) /v2/users/{user-id}/rights. */
export type UserRightsRequest = {
  readonly userId: string;
  readonly rights?: readonly UserRight[] | undefined;
  readonly identityProviderId?: string | undefined;
};

/**
 * Grants the rights; the record (and so the response's `newlyGrantedRights`) lists only
 * those the user did not hold. Rights never move the user's resource version.
 */
export function planGrantUserRights(
  request: UserRightsRequest,
): AdminPlan<ParticipantAdminRecord<UserRightsGranted>> {
  return (state, recordTime) => {
    const lookup = validLookup(request);
    const requested = validateRights(request.rights);
    requireKnownRightParties(state, requested, lookup.identityProviderId);
    const user = withUser(state, lookup, 'grant user rights');
    const rights = rightsToGrant(user, requested);
    if (user.rights.length + rights.length > maxRightsPerUser) {
      throw tooManyUserRights('grant user rights', user.id);
    }
    return adminRecord(recordTime, { kind: 'user.rightsGranted', userId: user.id, rights });
  };
}

/** Revokes the rights; the record lists only those the user actually held. */
export function planRevokeUserRights(
  request: UserRightsRequest,
): AdminPlan<ParticipantAdminRecord<UserRightsRevoked>> {
  return (state, recordTime) => {
    const lookup = validLookup(request);
    const requested = validateRights(request.rights);
    requireKnownRightParties(state, requested, lookup.identityProviderId);
    const user = withUser(state, lookup, 'revoke user rights');
    const rights = rightsToRevoke(user, requested);
    if (rights.some((right) => right.kind === 'ParticipantAdmin')) {
      requireAnotherActiveAdmin(state, user, 'revoke user rights');
    }
    return adminRecord(recordTime, { kind: 'user.rightsRevoked', userId: user.id, rights });
  };
}
