import {
  canActAs,
  canReadAs,
  DomainError,
  isIdpAdmin,
  isParticipantAdmin,
  type ParticipantState,
} from '@pocketnet/ledger';

/**
 * Who is asking. With authentication on, a user id from the token; with `--auth none`
 * every request is unrestricted, as a Canton participant without auth behaves.
 */
export type Caller =
  | {
      readonly kind: 'user';
      readonly userId: string;
      /** The identity provider whose token named the user ('' for the participant's own). */
      readonly identityProviderId: string;
    }
  | { readonly kind: 'unrestricted' };

export const unrestrictedCaller: Caller = { kind: 'unrestricted' };

export type Access = {
  readonly userId: string | null;
  readonly isAdmin: boolean;
  /** The identity provider this caller administers, if it is an IdP admin. */
  readonly administeredIdentityProvider: string | null;
  canActAs(party: string): boolean;
  canReadAs(party: string): boolean;
  readonly readsAnyParty: boolean;
};

const permissionDenied = (message: string) => new DomainError('PERMISSION_DENIED', message);

export function accessOf(caller: Caller, participant: ParticipantState): Access {
  if (caller.kind === 'unrestricted') {
    return {
      userId: null,
      isAdmin: true,
      administeredIdentityProvider: null,
      canActAs: () => true,
      canReadAs: () => true,
      readsAnyParty: true,
    };
  }
  const user = participant.users.get(caller.userId);
  // A token names a user within the identity provider that issued it.
  if (!user || user.isDeactivated || user.identityProviderId !== caller.identityProviderId) {
    throw permissionDenied(`The user ${caller.userId} is unknown or deactivated`);
  }
  return {
    userId: user.id,
    isAdmin: isParticipantAdmin(user),
    administeredIdentityProvider: isIdpAdmin(user) ? user.identityProviderId : null,
    canActAs: (party) => canActAs(user, party),
    canReadAs: (party) => canReadAs(user, party),
    readsAnyParty: user.rights.some((right) => right.kind === 'CanReadAsAnyParty'),
  };
}

export function requireAdmin(access: Access): void {
  if (!access.isAdmin) throw permissionDenied('This operation needs the ParticipantAdmin right');
}

/** Participant admins administer everything; IdP admins only their own identity provider. */
export function requireAdminOf(access: Access, identityProviderId: string | undefined): void {
  if (access.isAdmin) return;
  if (
    access.administeredIdentityProvider !== null &&
    access.administeredIdentityProvider === (identityProviderId ?? '')
  ) {
    return;
  }
  throw permissionDenied(
    'This operation needs the ParticipantAdmin or IdentityProviderAdmin right',
  );
}

export function requireActAs(access: Access, parties: readonly string[]): void {
  const missing = parties.filter((party) => !access.canActAs(party));
  if (missing.length > 0) {
    throw permissionDenied(`The user has no right to act as ${missing.join(', ')}`);
  }
}

export function requireReadAs(access: Access, parties: readonly string[] | null): void {
  if (parties === null) {
    if (!access.readsAnyParty) {
      throw permissionDenied('Reading for any party needs the CanReadAsAnyParty right');
    }
    return;
  }
  const missing = parties.filter((party) => !access.canReadAs(party));
  if (missing.length > 0) {
    throw permissionDenied(`The user has no right to read as ${missing.join(', ')}`);
  }
}

/** The user id a request acts for: the token's user, and a differing one in the body is refused. */
export function effectiveUserId(access: Access, requested: string | undefined): string {
  if (access.userId === null) {
    if (!requested)
      throw new DomainError(
        'MISSING_FIELD',
        'The submitted command is missing a mandatory field: user_id',
      );
    return requested;
  }
  if (requested && requested !== access.userId && !access.isAdmin) {
    throw permissionDenied(`The request's userId ${requested} is not the authenticated user`);
  }
  return requested || access.userId;
}
