export type {
  Clock,
  Command,
  DeduplicationPeriod,
  DomainErrorCode,
  IdentityProviderEntry,
  Package,
  SimulatedClock,
  UserEntry,
  UserRight,
  Value,
} from '@pocketnet/ledger';
export {
  createSimulatedClock,
  createWallClock,
  DomainError,
  domainError,
  domainErrorCodes,
  encodeContractBlob,
  isDomainError,
} from '@pocketnet/ledger';
export type { UpdateBus } from './bus/update-bus.ts';
export { createUpdateBus } from './bus/update-bus.ts';
export type { DevnetConfig } from './devnet/start-devnet.ts';
export { defaultDevnetConfig } from './devnet/start-devnet.ts';
export type { PocketnetNode } from './node/create-node.ts';
export { createNode } from './node/create-node.ts';
export type { NodeConfig } from './node/node-config.ts';
export { defaultLedgerApiVersion } from './node/node-config.ts';
export type { Access, Caller } from './services/caller.ts';
export { unrestrictedCaller } from './services/caller.ts';
export type { CommandSubmission, Commands } from './services/commands.service.ts';
export type { CompletionView } from './services/completions.service.ts';
export type { ContractEventsView } from './services/contract-lookups.service.ts';
export type { ActiveContractView, LedgerReads } from './services/ledger-reads.service.ts';
export type { PackageAdmin, VettingUpdate } from './services/package-admin.service.ts';
export type { ParticipantAdmin } from './services/participant-admin.service.ts';
export type { TopologyView, UpdateFormat, UpdateView } from './services/update-views.ts';
export type { EventFilter, PartyFilter } from './views/event-filter.ts';
export type { TemplateCatalog } from './views/template-catalog.ts';
export type { EventView, TransactionShape, TransactionView } from './views/transaction-view.ts';
