export type { Clock, SimulatedClock } from './clock.ts';
export { createSimulatedClock, createWallClock, formatMicros } from './clock.ts';
export type { Command, DeduplicationPeriod, DisclosedContract, SubmitRequest } from './commands.ts';
export type { ActiveContract, ContractStore } from './contract.ts';
export type { DomainErrorCode, DomainErrorDetails } from './errors.ts';
export {
  contractNotFound,
  DomainError,
  domainError,
  domainErrorCodes,
  invalidArgument,
  isDomainError,
} from './errors.ts';
export type { Journal } from './journal.ts';
export type {
  AdminPlan,
  IdentityProviderCreated,
  IdentityProviderDeleted,
  IdentityProviderUpdated,
  ParticipantAdminChange,
  ParticipantAdminChangeKind,
  ParticipantAdminRecord,
  PartyDetailsUpdated,
  UserCreated,
  UserDeleted,
  UserIdentityProviderChanged,
  UserRightsGranted,
  UserRightsRevoked,
  UserUpdated,
} from './participant/admin-changes.ts';
export { isParticipantAdminRecord } from './participant/admin-changes.ts';
export { isValidParty, isValidUserId, participantNamespace } from './participant/identifiers.ts';
export type {
  IdentityProviderConfigInput,
  IdentityProviderConfigRequest,
  UpdateIdentityProviderConfigRequest,
} from './participant/identity-providers.ts';
export {
  getIdentityProvider,
  identityProviderByIssuer,
  listIdentityProviders,
  maxIdentityProviders,
  planCreateIdentityProvider,
  planDeleteIdentityProvider,
  planUpdateIdentityProvider,
} from './participant/identity-providers.ts';
export type { Annotations, ObjectMetaInput } from './participant/object-meta.ts';
export { maxAnnotationsBytes } from './participant/object-meta.ts';
export type { PageRequest } from './participant/paging.ts';
export { maxPartiesPageSize, maxUsersPageSize } from './participant/paging.ts';
export type {
  IdentityProviderEntry,
  ObjectMeta,
  ParticipantState,
  PartyEntry,
  UserEntry,
  UserRight,
} from './participant/participant-state.ts';
export {
  applyParticipantRecord,
  createParticipantState,
  participantAdminUserId,
} from './participant/participant-state.ts';
export type {
  PartyDetails,
  PartyDetailsInput,
  UpdatePartyDetailsRequest,
} from './participant/parties.ts';
export { partyDetailsFor, planUpdatePartyDetails } from './participant/parties.ts';
export type {
  AllocatePartyRequest,
  AllocationContext,
  TopologyPlan,
} from './participant/party-allocation.ts';
export { planAllocateParty } from './participant/party-allocation.ts';
export type { GetPartiesRequest, ListPartiesRequest } from './participant/party-queries.ts';
export { getParties, isHostedParty, listParties } from './participant/party-queries.ts';
export type { UpdateMaskInput } from './participant/update-mask.ts';
export type { UserRightsRequest } from './participant/user-grants.ts';
export { planGrantUserRights, planRevokeUserRights } from './participant/user-grants.ts';
export {
  actAsParties,
  canActAs,
  canExecuteAs,
  canReadAs,
  isIdpAdmin,
  isParticipantAdmin,
  maxRightsPerUser,
  readAsParties,
} from './participant/user-rights.ts';
export type {
  RequestContext,
  UpdateUserIdentityProviderRequest,
  UpdateUserRequest,
} from './participant/user-update.ts';
export { planUpdateUser, planUpdateUserIdentityProvider } from './participant/user-update.ts';
export type {
  CreateUserRequest,
  ListUsersRequest,
  UserInput,
  UserLookup,
} from './participant/users.ts';
export {
  getUser,
  listUsers,
  planCreateUser,
  planDeleteUser,
  userRights,
} from './participant/users.ts';
export type {
  AdminRecord,
  CreatedNode,
  ExercisedNode,
  InterfaceView,
  JournalRecord,
  LedgerRecord,
  RejectionRecord,
  SubmissionInfo,
  TemplateIdString,
  TopologyRecord,
  TransactionNode,
  TransactionRecord,
} from './transaction.ts';
export { hasOffset } from './transaction.ts';
export type { RecordValue, Value } from './value.ts';
