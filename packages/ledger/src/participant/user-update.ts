import {
  type AdminPlan,
  adminRecord,
  type ParticipantAdminRecord,
  type UserIdentityProviderChanged,
  type UserUpdated,
} from './admin-changes.ts';
import {
  concurrentUserUpdate,
  invalidRequest,
  invalidUserUpdate,
  maxUserAnnotationsExceeded,
  missingField,
} from './admin-errors.ts';
import { optionalIdentityProviderId, requireParty, requireUserId } from './identifiers.ts';
import { requireAnotherActiveAdmin } from './last-participant-admin.ts';
import {
  isStaleResourceVersion,
  isWithinAnnotationsLimit,
  mergeAnnotations,
  optionalResourceVersion,
  validateAnnotations,
} from './object-meta.ts';
import { maskedValue, parseUpdateMask, type UpdateMaskInput } from './update-mask.ts';
import { requireIdentityProviderExists, withUser } from './user-lookup.ts';
import type { UserInput } from './users.ts';

export type UpdateUserRequest = {
  readonly user?: UserInput | undefined;
  readonly updateMask?: UpdateMaskInput | undefined;
};

/** Who asks: a user may not deactivate itself. */
export type RequestContext = { readonly requestingUserId?: string | undefined };

// Paths Canton accepts; 'id', 'identity_provider_id' and the version only identify or guard.
const userFields = [
  'id',
  'primary_party',
  'is_deactivated',
  'metadata.annotations',
  'metadata.resource_version',
  'identity_provider_id',
  'primary_party_authentication',
];

type ValidUserUpdate = {
  readonly identityProviderId: string;
  readonly expectedVersion: bigint | null;
  readonly change: UserUpdated;
};

/** Request-only checks, in Canton's order; the state is consulted afterwards. */
function validateUserUpdate(request: UpdateUserRequest): ValidUserUpdate {
  if (request.user === undefined) throw missingField('user');
  const { user } = request;
  const userId = requireUserId(user.id, 'user.id');
  const primaryParty = user.primaryParty ? requireParty(user.primaryParty) : '';
  const identityProviderId = optionalIdentityProviderId(
    user.identityProviderId,
    'identity_provider_id',
  );
  const expectedVersion = optionalResourceVersion(user.metadata, 'user.metadata.resource_version');
  const annotations = validateAnnotations(user.metadata?.annotations ?? {}, {
    fieldName: 'user.metadata.annotations',
    allowEmptyValues: true,
  });
  const mask = parseUpdateMask(request.updateMask, userFields, (reason) =>
    invalidUserUpdate(userId, reason),
  );
  const isDeactivated = user.isDeactivated ?? false;
  const primaryPartyAuthentication = user.primaryPartyAuthentication ?? false;
  const change = withoutUndefined<UserUpdated>({
    kind: 'user.updated',
    userId,
    primaryParty: maskedValue(mask, 'primary_party', primaryParty, primaryParty === ''),
    isDeactivated: maskedValue(mask, 'is_deactivated', isDeactivated, !isDeactivated),
    primaryPartyAuthentication: maskedValue(
      mask,
      'primary_party_authentication',
      primaryPartyAuthentication,
      !primaryPartyAuthentication,
    ),
    annotations: maskedValue(mask, 'metadata.annotations', annotations, isEmpty(annotations)),
  });
  return { identityProviderId, expectedVersion, change };
}

/** PATCH /v2/users/{user-id}. Every accepted update moves the resource version on. */
export function planUpdateUser(
  request: UpdateUserRequest,
  context: RequestContext = {},
): AdminPlan<ParticipantAdminRecord<UserUpdated>> {
  return (state, recordTime) => {
    const { identityProviderId, expectedVersion, change } = validateUserUpdate(request);
    const { userId } = change;
    requireIdentityProviderExists(state, identityProviderId);
    if (change.isDeactivated === true && context.requestingUserId === userId) {
      throw invalidRequest('Requesting user cannot self-deactivate');
    }
    const current = withUser(state, { userId, identityProviderId }, 'updating user');
    if (change.isDeactivated === true) requireAnotherActiveAdmin(state, current, 'updating user');
    const merged = mergeAnnotations(current.metadata.annotations, change.annotations ?? {});
    if (!isWithinAnnotationsLimit(merged)) throw maxUserAnnotationsExceeded(userId);
    if (isStaleResourceVersion(expectedVersion, current.metadata.resourceVersion)) {
      throw concurrentUserUpdate(userId);
    }
    return adminRecord(
      recordTime,
      change.annotations ? { ...change, annotations: merged } : change,
    );
  };
}

export type UpdateUserIdentityProviderRequest = {
  readonly userId?: string | undefined;
  readonly sourceIdentityProviderId?: string | undefined;
  readonly targetIdentityProviderId?: string | undefined;
};

/** PATCH /v2/users/{user-id}/identity-provider-id: the source must be the user's provider. */
export function planUpdateUserIdentityProvider(
  request: UpdateUserIdentityProviderRequest,
): AdminPlan<ParticipantAdminRecord<UserIdentityProviderChanged>> {
  return (state, recordTime) => {
    const userId = requireUserId(request.userId, 'user_id');
    const source = optionalIdentityProviderId(
      request.sourceIdentityProviderId,
      'source_identity_provider_id',
    );
    const target = optionalIdentityProviderId(
      request.targetIdentityProviderId,
      'target_identity_provider_id',
    );
    requireIdentityProviderExists(state, source);
    requireIdentityProviderExists(state, target);
    withUser(state, { userId, identityProviderId: source }, 'update user identity provider');
    return adminRecord(recordTime, {
      kind: 'user.identityProviderChanged',
      userId,
      identityProviderId: target,
    });
  };
}

const isEmpty = (record: Readonly<Record<string, string>>): boolean =>
  Object.keys(record).length === 0;

/** Absent, not undefined: the journal stores JSON and exactOptionalPropertyTypes is on. */
function withoutUndefined<TValue extends object>(
  value: {
    [TKey in keyof TValue]: TValue[TKey] | undefined;
  },
): TValue {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as TValue;
}
