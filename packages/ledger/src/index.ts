export type { Clock, SimulatedClock } from './clock.ts';
export { createSimulatedClock, createWallClock, formatMicros } from './clock.ts';
export type { Command, DeduplicationPeriod, DisclosedContract, SubmitRequest } from './commands.ts';
export { internalSubmission } from './commands.ts';
export type { ActiveContract } from './contract.ts';
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
export type { BegunExercise, TransactionContext } from './dsl/transaction-context.ts';
export { canonicalJson } from './engine/canonical-json.ts';
export type {
  ActiveContractStore,
  LedgerEngine,
  LedgerEngineDeps,
  SynchronizerEngine,
} from './engine/engine-types.ts';
export { createLedgerEngine } from './engine/ledger-engine.ts';
export { DomainError, isDomainError } from './errors.ts';
export { examplePackages } from './examples/examples-package.ts';
export type {
  AllocateExternalParty,
  ExternalPartyOperations,
  GenerateExternalPartyTopology,
} from './external/external-party-operations.ts';
export { createExternalPartyOperations } from './external/external-party-operations.ts';
export type { ExternalParty } from './external/external-party-state.ts';
export { createNamespaceFingerprint, fingerprintOfPublicKey } from './ids/fingerprint.ts';
export { sha256Hex } from './ids/hash.ts';
export {
  createUpdateId,
  createUpdateSeed,
  makeParticipantId,
  makeSynchronizerId,
} from './ids/ledger-ids.ts';
export { createPartyId, isCantonPartyId } from './ids/party-id.ts';
export type {
  ExecuteSubmission,
  InteractiveSubmissions,
  PrepareSubmission,
} from './interactive/interactive-operations.ts';
export { createInteractiveSubmissions } from './interactive/interactive-operations.ts';
export { decodePreparedTransaction } from './interactive/prepared-proto.ts';
export type { ContractBlobFields } from './interpreter/contract-blob.ts';
export { encodeContractBlob } from './interpreter/contract-blob.ts';
export type { InterpretResult } from './interpreter/interpret.ts';
export { interpret } from './interpreter/interpret.ts';
export { createFileJournal, type FileJournal } from './journal/file-journal.ts';
export type { JournalFill } from './journal/journal-fill.ts';
export { createMemoryJournal } from './journal/memory-journal.ts';
export { decodeRecordJson, recordJson } from './journal/record-codec.ts';
export { createStringPool } from './journal/record-interning.ts';
export { truncateFileJournal } from './journal/truncate-file-journal.ts';
export type { Journal } from './journal.ts';
export type { Numeric } from './numeric/numeric.ts';
export {
  addNumeric,
  divNumeric,
  formatNumeric,
  maxNumeric,
  minNumeric,
  mulNumeric,
  numericFromInt,
  numericOne,
  numericScale,
  parseNumeric,
} from './numeric/numeric.ts';
export type { Package } from './packages/package.ts';
export { definePackage } from './packages/package.ts';
export type { PackageRegistry, PackageSummary } from './packages/registry.ts';
export { createPackageRegistry } from './packages/registry.ts';
export type { ResolvedEntity } from './packages/resolved-entity.ts';
export { compareVersions } from './packages/template-reference.ts';
export type * from './participant/admin-changes.ts';
export { participantNamespace } from './participant/identifiers.ts';
export type {
  IdentityProviderConfigRequest,
  UpdateIdentityProviderConfigRequest,
} from './participant/identity-providers.ts';
export {
  getIdentityProvider,
  identityProviderByIssuer,
  listIdentityProviders,
  planCreateIdentityProvider,
  planDeleteIdentityProvider,
  planUpdateIdentityProvider,
} from './participant/identity-providers.ts';
export {
  plannedVetting,
  planUpdateVetting,
  planUploadPackages,
} from './participant/package-vetting.ts';
export type { SavedParticipantState } from './participant/participant-section.ts';
export { participantStateSection } from './participant/participant-section.ts';
export type {
  IdentityProviderEntry,
  ObjectMeta,
  ParticipantState,
  UserEntry,
  UserRight,
} from './participant/participant-state.ts';
export { applyParticipantRecord, createParticipantState } from './participant/participant-state.ts';
export type { PartyDetails, UpdatePartyDetailsRequest } from './participant/parties.ts';
export { partyDetailsFor, planUpdatePartyDetails } from './participant/parties.ts';
export type { AllocatePartyRequest, TopologyPlan } from './participant/party-allocation.ts';
export { planAllocateParty } from './participant/party-allocation.ts';
export type { ListPartiesRequest } from './participant/party-queries.ts';
export { getParties, listParties } from './participant/party-queries.ts';
export type { UserRightsRequest } from './participant/user-grants.ts';
export { planGrantUserRights, planRevokeUserRights } from './participant/user-grants.ts';
export { canActAs, canReadAs, isIdpAdmin, isParticipantAdmin } from './participant/user-rights.ts';
export type {
  UpdateUserIdentityProviderRequest,
  UpdateUserRequest,
} from './participant/user-update.ts';
export { planUpdateUser, planUpdateUserIdentityProvider } from './participant/user-update.ts';
export type { CreateUserRequest, ListUsersRequest, UserLookup } from './participant/users.ts';
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
  SubmissionInfo,
  TopologyRecord,
  TransactionNode,
  TransactionRecord,
} from './transaction.ts';
export { archivingNodeIn, createdNodeIn, hasOffset } from './transaction.ts';
export type { JournalHistory, StateSection, StateSections } from './undo/state-sections.ts';
export {
  createStateSections,
  historyOf,
  restoreSections,
  saveSections,
  sectionsMismatch,
} from './undo/state-sections.ts';
export type { UndoLog, UndoMark } from './undo/undo-log.ts';
export { createUndoLog } from './undo/undo-log.ts';
export { appendOnlyArray, undoableMap, undoableSet } from './undo/undoable-collections.ts';
export type { RecordValue, Value } from './value.ts';
export { t } from './values/builder.ts';
export { checkValue } from './values/check-value.ts';
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
