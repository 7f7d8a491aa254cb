import type { IdentityProviderEntry, PartyDetails, UserEntry } from '@pocketnet/ledger';
import {
  type AdminRecord,
  type AllocatePartyRequest,
  type CreateUserRequest,
  getIdentityProvider,
  getParties,
  getUser,
  type IdentityProviderConfigRequest,
  type ListPartiesRequest,
  type ListUsersRequest,
  listIdentityProviders,
  listParties,
  listUsers,
  type ParticipantState,
  partyDetailsFor,
  planAllocateParty,
  planCreateIdentityProvider,
  planCreateUser,
  planDeleteIdentityProvider,
  planDeleteUser,
  planGrantUserRights,
  planRevokeUserRights,
  planUpdateIdentityProvider,
  planUpdatePartyDetails,
  planUpdateUser,
  planUpdateUserIdentityProvider,
  type TopologyPlan,
  type TopologyRecord,
  type UpdateIdentityProviderConfigRequest,
  type UpdatePartyDetailsRequest,
  type UpdateUserIdentityProviderRequest,
  type UpdateUserRequest,
  type UserLookup,
  type UserRight,
  type UserRightsRequest,
  userRights,
} from '@pocketnet/ledger';
import type { Synchronizers } from '../synchronizers/synchronizers.projection.ts';
import { type Access, accessOf, type Caller, requireAdmin, requireAdminOf } from './caller.ts';

// Rights that reach beyond one identity provider: only a participant admin hands them out.
const participantWideRights = new Set([
  'ParticipantAdmin',
  'CanReadAsAnyParty',
  'CanExecuteAsAnyParty',
]);

function requireGrantable(
  access: Access,
  rights: readonly UserRight[] | undefined,
  identityProviderId: string | undefined,
): void {
  if ((rights ?? []).some((right) => participantWideRights.has(right.kind))) requireAdmin(access);
  else requireAdminOf(access, identityProviderId);
}

/**
 * A user holding a participant-wide right is administered only by a participant admin: an IdP
 * admin can grant none of those rights, so it may not change, deactivate or delete their
 * holders either (else it could lock the participant's own administrator out).
 */
function requireAdminOverUser(
  access: Access,
  participant: ParticipantState,
  userId: string | undefined,
): void {
  const target = userId === undefined ? undefined : participant.users.get(userId);
  if (target?.rights.some((right) => participantWideRights.has(right.kind))) requireAdmin(access);
}

/** The write side as participant administration needs it (the ledger engine satisfies this). */
export type AdminWriter = {
  commitAdmin<TRecord extends AdminRecord>(
    plan: (state: ParticipantState, recordTime: string) => TRecord,
  ): Promise<TRecord>;
  commitTopology(plan: TopologyPlan): Promise<TopologyRecord>;
};

/**
 * Parties and users on behalf of a caller. Rules live in the ledger's participant planners;
 * this layer decides who may ask and reads results from the projection after the commit.
 */
export function createParticipantAdmin(deps: {
  participant: ParticipantState;
  writer: AdminWriter;
  /** The synchronizer parties are allocated on; the global one of `synchronizers` when absent. */
  synchronizerId?: string;
  /** Every synchronizer (issue 10): with several, an allocation names one. */
  synchronizers?: Synchronizers;
}) {
  const { participant, writer } = deps;
  const allocation = {
    synchronizerId: deps.synchronizerId ?? deps.synchronizers?.global.id ?? '',
    ...(deps.synchronizers
      ? {
          connected: deps.synchronizers.ids,
          hostedOn: deps.synchronizers.state.synchronizersOf,
        }
      : {}),
  };
  const access = (caller: Caller) => accessOf(caller, participant);
  /** Users may read themselves; everything else about users needs an admin. */
  const requireSelfOrAdmin = (caller: Caller, lookup: UserLookup) => {
    const callerAccess = access(caller);
    if (callerAccess.userId !== null && callerAccess.userId === lookup.userId) return;
    requireAdminOf(callerAccess, lookup.identityProviderId);
  };
  const service = {
    participantId(caller: Caller) {
      requireAdminOf(access(caller), undefined);
      return participant.participantId;
    },

    async allocateParty(caller: Caller, request: AllocatePartyRequest) {
      requireAdminOf(access(caller), request.identityProviderId);
      const record = await writer.commitTopology(planAllocateParty(request, allocation));
      const [party] = record.parties;
      const entry = party === undefined ? undefined : participant.parties.get(party);
      if (!entry) throw new Error('an allocated party is missing from the projection');
      return partyDetailsFor(entry, request.identityProviderId ?? '');
    },
    listParties(caller: Caller, request: ListPartiesRequest) {
      requireAdminOf(access(caller), request.identityProviderId);
      return listParties(participant, request);
    },
    getParties(
      caller: Caller,
      request: { parties: readonly string[]; identityProviderId?: string },
    ) {
      const callerAccess = access(caller);
      const readable = request.parties.every((party) => callerAccess.canReadAs(party));
      if (!readable) requireAdminOf(callerAccess, request.identityProviderId);
      return getParties(participant, request);
    },
    async updatePartyDetails(caller: Caller, request: UpdatePartyDetailsRequest) {
      requireAdminOf(access(caller), request.partyDetails?.identityProviderId);
      const record = await writer.commitAdmin(planUpdatePartyDetails(request));
      const entry = participant.parties.get(record.change.party);
      if (!entry) throw new Error('an updated party is missing from the projection');
      return partyDetailsFor(entry, request.partyDetails?.identityProviderId ?? '');
    },

    async createUser(caller: Caller, request: CreateUserRequest) {
      requireGrantable(access(caller), request.rights, request.user?.identityProviderId);
      const record = await writer.commitAdmin(planCreateUser(request));
      const { userId, identityProviderId } = record.change;
      return getUser(participant, { userId, identityProviderId });
    },
    getUser(caller: Caller, lookup: UserLookup) {
      requireSelfOrAdmin(caller, lookup);
      return getUser(participant, lookup);
    },
    /** The user the token names: what `/v2/authenticated-user` answers. */
    authenticatedUser(caller: Caller) {
      const { userId } = access(caller);
      if (caller.kind === 'unrestricted')
        return getUser(participant, { userId: 'participant_admin' });
      return getUser(participant, {
        userId: userId ?? caller.userId,
        identityProviderId: caller.identityProviderId,
      });
    },

    listUsers(caller: Caller, request: ListUsersRequest) {
      requireAdminOf(access(caller), request.identityProviderId);
      return listUsers(participant, request);
    },
    async updateUser(caller: Caller, request: UpdateUserRequest) {
      const callerAccess = access(caller);
      requireAdminOf(callerAccess, request.user?.identityProviderId);
      requireAdminOverUser(callerAccess, participant, request.user?.id);
      const context = callerAccess.userId ? { requestingUserId: callerAccess.userId } : {};
      const record = await writer.commitAdmin(planUpdateUser(request, context));
      const identityProviderId = request.user?.identityProviderId ?? '';
      return getUser(participant, { userId: record.change.userId, identityProviderId });
    },
    async deleteUser(caller: Caller, lookup: UserLookup) {
      const callerAccess = access(caller);
      requireAdminOf(callerAccess, lookup.identityProviderId);
      requireAdminOverUser(callerAccess, participant, lookup.userId);
      await writer.commitAdmin(planDeleteUser(lookup));
    },
    listUserRights(caller: Caller, lookup: UserLookup) {
      requireSelfOrAdmin(caller, lookup);
      return userRights(participant, lookup);
    },
    async grantUserRights(caller: Caller, request: UserRightsRequest) {
      const callerAccess = access(caller);
      requireGrantable(callerAccess, request.rights, request.identityProviderId);
      requireAdminOverUser(callerAccess, participant, request.userId);
      return (await writer.commitAdmin(planGrantUserRights(request))).change.rights;
    },
    async revokeUserRights(caller: Caller, request: UserRightsRequest) {
      const callerAccess = access(caller);
      requireGrantable(callerAccess, request.rights, request.identityProviderId);
      requireAdminOverUser(callerAccess, participant, request.userId);
      return (await writer.commitAdmin(planRevokeUserRights(request))).change.rights;
    },
    async updateUserIdentityProvider(caller: Caller, request: UpdateUserIdentityProviderRequest) {
      requireAdmin(access(caller));
      await writer.commitAdmin(planUpdateUserIdentityProvider(request));
    },

    async createIdentityProvider(caller: Caller, request: IdentityProviderConfigRequest) {
      requireAdmin(access(caller));
      return (await writer.commitAdmin(planCreateIdentityProvider(request))).change.config;
    },
    getIdentityProvider(caller: Caller, identityProviderId: string) {
      requireAdmin(access(caller));
      return getIdentityProvider(participant, identityProviderId);
    },
    listIdentityProviders(caller: Caller) {
      requireAdmin(access(caller));
      return listIdentityProviders(participant);
    },
    async updateIdentityProvider(caller: Caller, request: UpdateIdentityProviderConfigRequest) {
      requireAdmin(access(caller));
      await writer.commitAdmin(planUpdateIdentityProvider(request));
      return getIdentityProvider(participant, request.identityProviderConfig?.identityProviderId);
    },
    async deleteIdentityProvider(caller: Caller, identityProviderId: string) {
      requireAdmin(access(caller));
      await writer.commitAdmin(planDeleteIdentityProvider({ identityProviderId }));
    },
  };
  return service satisfies ParticipantAdmin;
}

export interface ParticipantAdmin {
  participantId(caller: Caller): string;
  allocateParty(caller: Caller, request: AllocatePartyRequest): Promise<PartyDetails>;
  listParties(
    caller: Caller,
    request: ListPartiesRequest,
  ): { readonly partyDetails: readonly PartyDetails[]; readonly nextPageToken: string };
  getParties(
    caller: Caller,
    request: { parties: readonly string[]; identityProviderId?: string },
  ): readonly PartyDetails[];
  updatePartyDetails(caller: Caller, request: UpdatePartyDetailsRequest): Promise<PartyDetails>;
  createUser(caller: Caller, request: CreateUserRequest): Promise<UserEntry>;
  getUser(caller: Caller, lookup: UserLookup): UserEntry;
  /** The user the token names: what `/v2/authenticated-user` answers. */
  authenticatedUser(caller: Caller): UserEntry;
  listUsers(
    caller: Caller,
    request: ListUsersRequest,
  ): { readonly users: readonly UserEntry[]; readonly nextPageToken: string };
  updateUser(caller: Caller, request: UpdateUserRequest): Promise<UserEntry>;
  deleteUser(caller: Caller, lookup: UserLookup): Promise<void>;
  listUserRights(caller: Caller, lookup: UserLookup): readonly UserRight[];
  grantUserRights(caller: Caller, request: UserRightsRequest): Promise<readonly UserRight[]>;
  revokeUserRights(caller: Caller, request: UserRightsRequest): Promise<readonly UserRight[]>;
  updateUserIdentityProvider(
    caller: Caller,
    request: UpdateUserIdentityProviderRequest,
  ): Promise<void>;
  createIdentityProvider(
    caller: Caller,
    request: IdentityProviderConfigRequest,
  ): Promise<IdentityProviderEntry>;
  getIdentityProvider(caller: Caller, identityProviderId: string): IdentityProviderEntry;
  listIdentityProviders(caller: Caller): readonly IdentityProviderEntry[];
  updateIdentityProvider(
    caller: Caller,
    request: UpdateIdentityProviderConfigRequest,
  ): Promise<IdentityProviderEntry>;
  deleteIdentityProvider(caller: Caller, identityProviderId: string): Promise<void>;
}
