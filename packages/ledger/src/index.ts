export type { Clock, SimulatedClock } from './clock.ts';
export { createSimulatedClock, createWallClock, formatMicros } from './clock.ts';
export type { Command, DeduplicationPeriod, DisclosedContract, SubmitRequest } from './commands.ts';
export { internalSubmission } from './commands.ts';
export type { ActiveContract, ContractStore } from './contract.ts';
export type { ArgumentSpec, ChoiceSpec, InterfaceChoiceSpec } from './dsl/choice.ts';
export { defineChoice } from './dsl/choice.ts';
export type {
  ArgumentOf,
  Choice,
  ChoiceDefinition,
  ChoiceSelf,
  ChoicesOf,
  EntityReference,
  Implementation,
  ImplementationDefinition,
  Interface,
  InterfaceDefinition,
  KeyDefinition,
  KeyOf,
  PayloadOf,
  ResultOf,
  Template,
  TemplateDefinition,
  TemplateId,
  ViewOf,
} from './dsl/definitions.ts';
export { qualifiedName, referenceOf } from './dsl/definitions.ts';
export type { ImplementSpec, InterfaceSpec } from './dsl/interface.ts';
export { defineInterface, implementInterface } from './dsl/interface.ts';
export type { TemplateSpec } from './dsl/template.ts';
export { defineTemplate } from './dsl/template.ts';
export type { TransactionContext } from './dsl/transaction-context.ts';
export { canonicalJson } from './engine/canonical-json.ts';
export type {
  ActiveContractStore,
  LedgerEngine,
  LedgerEngineDeps,
  SynchronizerEngine,
} from './engine/engine-types.ts';
export { createLedgerEngine } from './engine/ledger-engine.ts';
export type { DomainErrorCode, DomainErrorDetails } from './errors.ts';
export {
  contractNotFound,
  DomainError,
  domainError,
  domainErrorCodes,
  invalidArgument,
  isDomainError,
} from './errors.ts';
export { asset } from './examples/asset.ts';
export { currencyRegistration } from './examples/currency-registration.ts';
export { examplePackages, examplesPackage } from './examples/examples-package.ts';
export { iou, iouRecord } from './examples/iou.ts';
export { iouTransfer } from './examples/iou-transfer.ts';
export type {
  AllocateExternalParty,
  ExternalPartyOperations,
  GenerateExternalPartyTopology,
} from './external/external-party-operations.ts';
export { createExternalPartyOperations } from './external/external-party-operations.ts';
export type { ExternalParty } from './external/external-party-state.ts';
export { createNamespaceFingerprint, fingerprintOfPublicKey } from './ids/fingerprint.ts';
export { isMultihash, sha256Hex } from './ids/hash.ts';
export {
  createContractId,
  createUpdateId,
  createUpdateSeed,
  isContractId,
  isUpdateId,
  makeParticipantId,
  makeSynchronizerId,
} from './ids/ledger-ids.ts';
export {
  createPartyId,
  isCantonPartyId,
  isPartyHint,
  partyHintProblem,
  splitPartyId,
} from './ids/party-id.ts';
export type {
  ExecuteSubmission,
  InteractiveSubmissions,
  PrepareSubmission,
} from './interactive/interactive-operations.ts';
export { createInteractiveSubmissions } from './interactive/interactive-operations.ts';
export { decodePreparedTransaction } from './interactive/prepared-proto.ts';
export type { ContractBlobFields } from './interpreter/contract-blob.ts';
export { decodeContractBlob, encodeContractBlob } from './interpreter/contract-blob.ts';
export type { InterpretInput, InterpretResult } from './interpreter/interpret.ts';
export { interpret } from './interpreter/interpret.ts';
export { JournalInUseError } from './journal/directory-lock.ts';
export { createFileJournal, type FileJournalOptions } from './journal/file-journal.ts';
export { createMemoryJournal, type MemoryJournalOptions } from './journal/memory-journal.ts';
export { decodeRecord, decodeRecordJson, recordJson } from './journal/record-codec.ts';
export { createStringPool } from './journal/record-interning.ts';
export { JournalCorruptionError } from './journal/segment-files.ts';
export { truncateFileJournal } from './journal/truncate-file-journal.ts';
export type { FlushStats } from './journal/writer-thread.ts';
export type { Journal } from './journal.ts';
export type { Numeric } from './numeric/numeric.ts';
export {
  addNumeric,
  compareNumeric,
  divideHalfEven,
  divNumeric,
  formatNumeric,
  maxNumeric,
  minNumeric,
  mulNumeric,
  numericFromInt,
  numericOne,
  numericScale,
  parseNumeric,
  subNumeric,
} from './numeric/numeric.ts';
export type { Package, PackageSpec } from './packages/package.ts';
export { definePackage, packageBytes } from './packages/package.ts';
export type { PackageSelection } from './packages/package-selection.ts';
export type { PackageRegistry, PackageSummary } from './packages/registry.ts';
export { createPackageRegistry } from './packages/registry.ts';
export type { DeferredPackage } from './packages/registry-index.ts';
export type {
  ResolvedEntity,
  ResolvedInterface,
  ResolvedTemplate,
} from './packages/resolved-entity.ts';
export { compareVersions } from './packages/template-reference.ts';
export type * from './participant/admin-changes.ts';
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
export type { VettingChange } from './participant/package-vetting.ts';
export {
  plannedVetting,
  planUpdateVetting,
  planUploadPackages,
} from './participant/package-vetting.ts';
export { maxPartiesPageSize, maxUsersPageSize, type PageRequest } from './participant/paging.ts';
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
export type * from './reassignment/reassignment-record.ts';
export type * from './reassignment/synchronizer-state.ts';
export { createSynchronizerState } from './reassignment/synchronizer-state.ts';
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
export { archivingNodeIn, createdNodeIn, hasOffset } from './transaction.ts';
export type { RecordValue, Value } from './value.ts';
export { t } from './values/builder.ts';
export { checkValue, maxValueDepth } from './values/check-value.ts';
export { checkProducedValue } from './values/produced-value.ts';
export { isPartyId } from './values/scalars.ts';
export { formatDate, formatTime, parseDate, parseTime } from './values/time.ts';
export type {
  DamlType,
  FieldTypes,
  FieldValues,
  Infer,
  RecordField,
  RecordType,
  Typed,
  ValueTypeMarker,
  VariantType,
} from './values/types.ts';
