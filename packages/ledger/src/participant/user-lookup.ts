import {
  invalidRequest,
  unknownIdentityProvider,
  userInOtherIdentityProvider,
  userNotFound,
} from './admin-errors.ts';
import { requireParty } from './identifiers.ts';
import type { ParticipantState, UserEntry, UserRight } from './participant-state.ts';
import { rightParty } from './user-rights.ts';

/** The default provider ('') always exists; any other must have been created. */
export function requireIdentityProviderExists(state: ParticipantState, id: string): void {
  if (id !== '' && !state.identityProviders.has(id)) throw unknownIdentityProvider(id);
}

/**
 * The user, looked up within the provider the request names: a user of another provider is
 * not the caller's to see (PERMISSION_DENIED), an absent one is USER_NOT_FOUND.
 */
export function withUser(
  state: ParticipantState,
  lookup: { readonly userId: string; readonly identityProviderId: string },
  operation: string,
): UserEntry {
  const user = state.users.get(lookup.userId);
  if (user === undefined) throw userNotFound(operation, lookup.userId);
  if (user.identityProviderId !== lookup.identityProviderId) {
    throw userInOtherIdentityProvider(lookup.userId);
  }
  return user;
}

/** Party syntax of rights, checked before anything else as Canton's request validation does. */
export function validateRights(rights: readonly UserRight[] | undefined): UserRight[] {
  const valid = [...(rights ?? [])];
  for (const right of valid) {
    const party = rightParty(right);
    if (party !== null) requireParty(party);
  }
  return valid;
}

/** Rights may only name parties this participant knows (hosted here or seen in topology). */
export function requireKnownRightParties(
  state: ParticipantState,
  rights: readonly UserRight[],
  identityProviderId: string,
): void {
  const unknown = [
    ...new Set(
      rights.flatMap((right) => {
        const party = rightParty(right);
        return party !== null && !state.parties.has(party) ? [party] : [];
      }),
    ),
  ];
  if (unknown.length > 0) {
    throw invalidRequest(
      `Provided parties have not been found in identity_provider_id=\`${identityProviderId}\`: [${unknown.join(',')}].`,
    );
  }
}
