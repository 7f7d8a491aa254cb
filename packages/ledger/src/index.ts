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
  IdentityProviderEntry,
  ObjectMeta,
  ParticipantState,
  PartyEntry,
  UserEntry,
  UserRight,
} from './participant/participant-state.ts';
export { applyParticipantRecord, createParticipantState } from './participant/participant-state.ts';
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
