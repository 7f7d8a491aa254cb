import type {
  PackagesUploaded,
  ParticipantAdminChange,
  PartyDetailsUpdated,
  UserCreated,
  UserIdentityProviderChanged,
  UserRightsGranted,
  UserRightsRevoked,
  UserUpdated,
} from './admin-changes.ts';
import { initialResourceVersion, nextResourceVersion, sortKeys } from './object-meta.ts';
import type { ParticipantState, UserEntry } from './participant-state.ts';
import { distinctRights, withoutRights } from './user-rights.ts';

/**
 * Applies one journaled admin change. Planners validated it against this same state, so a
 * change that no longer fits (say, rights for a user deleted since) is a no-op, never a throw.
 */
export function applyAdminChange(state: ParticipantState, change: ParticipantAdminChange): void {
  switch (change.kind) {
    case 'user.created':
      state.users.set(change.userId, createdUser(change));
      return;
    case 'user.deleted':
      state.users.delete(change.userId);
      return;
    case 'user.updated':
    case 'user.rightsGranted':
    case 'user.rightsRevoked':
    case 'user.identityProviderChanged':
      updateUser(state, change.userId, (user) => changedUser(user, change));
      return;
    case 'party.detailsUpdated':
      updatePartyDetails(state, change);
      return;
    case 'identityProvider.created':
    case 'identityProvider.updated':
      state.identityProviders.set(change.config.identityProviderId, { ...change.config });
      return;
    case 'packages.vettingChanged':
      for (const packageId of change.vetted) state.vetting.unvetted.delete(packageId);
      for (const packageId of change.unvetted) state.vetting.unvetted.add(packageId);
      state.vetting.serial += 1;
      return;
    case 'identityProvider.deleted':
      state.identityProviders.delete(change.identityProviderId);
      return;
    case 'packages.uploaded':
      // The package registry (runtime) adds the packages; the participant keeps their vetting.
      applyUpload(state, change);
      return;
  }
}

function changedUser(
  user: UserEntry,
  change: UserUpdated | UserRightsGranted | UserRightsRevoked | UserIdentityProviderChanged,
): UserEntry {
  switch (change.kind) {
    case 'user.updated':
      return updatedUser(user, change);
    case 'user.rightsGranted':
      return { ...user, rights: distinctRights([...user.rights, ...change.rights]) };
    case 'user.rightsRevoked':
      return { ...user, rights: withoutRights(user.rights, change.rights) };
    case 'user.identityProviderChanged':
      return { ...user, identityProviderId: change.identityProviderId };
  }
}

function updateUser(
  state: ParticipantState,
  userId: string,
  update: (user: UserEntry) => UserEntry,
): void {
  const user = state.users.get(userId);
  if (user !== undefined) state.users.set(userId, update(user));
}

function createdUser(change: UserCreated): UserEntry {
  return {
    id: change.userId,
    primaryParty: change.primaryParty,
    isDeactivated: change.isDeactivated,
    primaryPartyAuthentication: change.primaryPartyAuthentication,
    metadata: {
      resourceVersion: initialResourceVersion,
      annotations: sortKeys(change.annotations),
    },
    identityProviderId: change.identityProviderId,
    rights: distinctRights(change.rights),
  };
}

// Every update moves the version on, even one that changes nothing (Canton does the same).
function updatedUser(user: UserEntry, change: UserUpdated): UserEntry {
  return {
    ...user,
    primaryParty: change.primaryParty ?? user.primaryParty,
    isDeactivated: change.isDeactivated ?? user.isDeactivated,
    primaryPartyAuthentication:
      change.primaryPartyAuthentication ?? user.primaryPartyAuthentication,
    metadata: {
      resourceVersion: nextResourceVersion(user.metadata.resourceVersion),
      annotations: sortKeys(change.annotations ?? user.metadata.annotations),
    },
  };
}

function updatePartyDetails(state: ParticipantState, change: PartyDetailsUpdated): void {
  const party = state.parties.get(change.party);
  if (party === undefined) return;
  state.parties.set(change.party, {
    ...party,
    localMetadata: {
      resourceVersion: nextResourceVersion(party.localMetadata.resourceVersion),
      annotations: sortKeys(change.annotations),
    },
  });
}

function applyUpload(state: ParticipantState, change: PackagesUploaded): void {
  const { vetting } = state;
  let changed = !change.vetted;
  for (const { packageId } of change.packages) {
    vetting.uploaded.add(packageId);
    // Another participant's package, given to this one now: vetted here as the upload says.
    if (vetting.elsewhere.delete(packageId) && change.vetted) {
      vetting.unvetted.delete(packageId);
      changed = true;
    }
    if (!change.vetted) vetting.unvetted.add(packageId);
  }
  if (changed) vetting.serial += 1;
}
