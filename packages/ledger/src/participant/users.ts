import {
  type AdminPlan,
  adminRecord,
  type ParticipantAdminRecord,
  type UserCreated,
  type UserDeleted,
} from './admin-changes.ts';
import {
  invalidRequest,
  maxUserAnnotationsExceeded,
  missingField,
  tooManyUserRights,
  userAlreadyExists,
  userInOtherIdentityProvider,
} from './admin-errors.ts';
import { optionalIdentityProviderId, requireParty, requireUserId } from './identifiers.ts';
import { requireAnotherActiveAdmin } from './last-participant-admin.ts';
import {
  isWithinAnnotationsLimit,
  type ObjectMetaInput,
  requireNoResourceVersion,
  sortKeys,
  validateAnnotations,
} from './object-meta.ts';
import { decodePageToken, maxUsersPageSize, type PageRequest, pageOf } from './paging.ts';
import type { ParticipantState, UserEntry, UserRight } from './participant-state.ts';
import {
  requireIdentityProviderExists,
  requireKnownRightParties,
  validateRights,
  withUser,
} from './user-lookup.ts';
import { distinctRights, maxRightsPerUser } from './user-rights.ts';

/** The User message as a request carries it. */
export type UserInput = {
  readonly id?: string | undefined;
  readonly primaryParty?: string | undefined;
  readonly isDeactivated?: boolean | undefined;
  readonly metadata?: ObjectMetaInput | undefined;
  readonly identityProviderId?: string | undefined;
  readonly primaryPartyAuthentication?: boolean | undefined;
};

export type CreateUserRequest = {
  readonly user?: UserInput | undefined;
  readonly rights?: readonly UserRight[] | undefined;
};

/** Which user, within which identity provider ('' or absent: the default one). */
export type UserLookup = {
  readonly userId: string;
  readonly identityProviderId?: string | undefined;
};

/** Request-only checks, in Canton's order; the state is consulted afterwards. */
function validateNewUser(request: CreateUserRequest): UserCreated {
  if (request.user === undefined) throw missingField('user');
  const { user } = request;
  const userId = requireUserId(user.id, 'id');
  requireNoResourceVersion(user.metadata, 'user.metadata.resource_version');
  const annotations = validateAnnotations(user.metadata?.annotations ?? {}, {
    fieldName: 'user.metadata.annotations',
    allowEmptyValues: false,
  });
  const primaryParty = user.primaryParty ? requireParty(user.primaryParty) : '';
  const rights = distinctRights(validateRights(request.rights));
  const identityProviderId = optionalIdentityProviderId(
    user.identityProviderId,
    'identity_provider_id',
  );
  return {
    kind: 'user.created',
    userId,
    primaryParty,
    isDeactivated: user.isDeactivated ?? false,
    primaryPartyAuthentication: user.primaryPartyAuthentication ?? false,
    annotations: sortKeys(annotations),
    identityProviderId,
    rights,
  };
}

/** POST /v2/users: the new user's resource version is '0'. */
export function planCreateUser(
  request: CreateUserRequest,
): AdminPlan<ParticipantAdminRecord<UserCreated>> {
  return (state, recordTime) => {
    const change = validateNewUser(request);
    const { userId, identityProviderId, rights } = change;
    requireIdentityProviderExists(state, identityProviderId);
    requireKnownRightParties(state, rights, identityProviderId);
    const existing = state.users.get(userId);
    if (existing !== undefined && existing.identityProviderId !== identityProviderId) {
      throw userInOtherIdentityProvider(userId);
    }
    if (existing !== undefined) throw userAlreadyExists('creating user', userId);
    if (!isWithinAnnotationsLimit(change.annotations)) throw maxUserAnnotationsExceeded(userId);
    if (rights.length > maxRightsPerUser) throw tooManyUserRights('creating user', userId);
    return adminRecord(recordTime, change);
  };
}

export function planDeleteUser(lookup: UserLookup): AdminPlan<ParticipantAdminRecord<UserDeleted>> {
  return (state, recordTime) => {
    const user = withUser(state, validLookup(lookup), 'deleting user');
    requireAnotherActiveAdmin(state, user, 'deleting user');
    return adminRecord(recordTime, { kind: 'user.deleted', userId: user.id });
  };
}

/** GET /v2/users/{user-id} and /v2/authenticated-user (with the caller's own id). */
export function getUser(state: ParticipantState, lookup: UserLookup): UserEntry {
  return withUser(state, validLookup(lookup), 'getting user');
}

export function userRights(state: ParticipantState, lookup: UserLookup): readonly UserRight[] {
  return withUser(state, validLookup(lookup), 'list user rights').rights;
}

export type ListUsersRequest = PageRequest & {
  readonly identityProviderId?: string | undefined;
};

/** Users of one identity provider, ordered by id. Page size 0 means the server's maximum. */
export function listUsers(
  state: ParticipantState,
  request: ListUsersRequest,
): { readonly users: readonly UserEntry[]; readonly nextPageToken: string } {
  const after = decodePageToken(request.pageToken);
  const requested = request.pageSize ?? 0;
  if (requested < 0) throw invalidRequest('Max page size must be non-negative');
  const pageSize = requested === 0 ? maxUsersPageSize : Math.min(requested, maxUsersPageSize);
  const identityProviderId = optionalIdentityProviderId(
    request.identityProviderId,
    'identity_provider_id',
  );
  const ids = [...state.users.values()]
    .filter((user) => user.identityProviderId === identityProviderId)
    .map((user) => user.id);
  const page = pageOf(ids, pageSize, after);
  const users = page.items.flatMap((id) => state.users.get(id) ?? []);
  return { users, nextPageToken: page.nextPageToken };
}

export function validLookup(lookup: UserLookup): {
  readonly userId: string;
  readonly identityProviderId: string;
} {
  return {
    userId: requireUserId(lookup.userId, 'user_id'),
    identityProviderId: optionalIdentityProviderId(
      lookup.identityProviderId,
      'identity_provider_id',
    ),
  };
}
