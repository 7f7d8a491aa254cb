export { createActorRuntime } from './actors/actor-runtime.ts';
export type {
  ActorRequest,
  ActorRuntime,
  ActorSummary,
  ActorTransition,
  MachineDescription,
} from './actors/actor-types.ts';
export type { SmallAmuletPolicy } from './automation/amulet-merge.service.ts';
export { type AutomationOutcome, commandIdOf } from './automation/automation-outcome.ts';
export { idPart } from './automation/automation-values.ts';
export type {
  AutomationJobEvent,
  AutomationQueueView,
  AutomationView,
} from './automation/automation-view.ts';
export type { NodeAutomation, WalletContractCreated } from './automation/create-automation.ts';
export type { BackgroundTask } from './automation/node-schedule.ts';
export type { RenewalPolicy } from './automation/preapproval-renewal.service.ts';
export { defaultRenewalPolicy } from './automation/preapproval-renewal.service.ts';
export type { SweepPolicy } from './automation/sweep.service.ts';
export type { TopupPolicy } from './automation/traffic-topup.service.ts';
export { createUpdateBus } from './bus/update-bus.ts';
export { defaultDevnetConfig } from './devnet/start-devnet.ts';
export * from './load/adaptive-limit.ts';
export { createNode, type NodeLoaded, type PocketnetNode } from './node/create-node.ts';
export { nodeOfParticipant, type ParticipantNode } from './node/create-participant.ts';
export type { LedgerApiService } from './node/ledger-api.service.ts';
export type { NodeConfig, NodeRestore } from './node/node-config.ts';
export { decodeCrossProcess, encodeCrossProcess } from './scale-out/command-codec.ts';
export type { FollowerClock } from './scale-out/follower-clock.ts';
export { createFollowerClock, observeRecordTime } from './scale-out/follower-clock.ts';
export type { JournalFollower } from './scale-out/journal-follower.ts';
export type { CommittedPlan, JournalTracking } from './scale-out/journal-tracking.ts';
export { createJournalTracking } from './scale-out/journal-tracking.ts';
export type { NodeLedger } from './scale-out/node-ledger.ts';
export { createPlanCommits } from './scale-out/plan-commits.ts';
export type { Replica } from './scale-out/replica-engine.ts';
export { createReplica, valueOfAnswer } from './scale-out/replica-engine.ts';
export type {
  CommandTransport,
  ForwardedHttpAnswer,
  ForwardedHttpRequest,
  WriterAnswer,
  WriterCommand,
} from './scale-out/writer-command.ts';
export type { WriterCommands } from './scale-out/writer-commands.ts';
export { createWriterCommands } from './scale-out/writer-commands.ts';
export type { ScanOptions } from './scan/create-scan.ts';
export type { AcsEntry } from './scan/history/acs-entries.ts';
export type { BulkObject } from './scan/history/bulk-storage.ts';
export type { EventValueTypes } from './scan/history/event-value-types.ts';
export type { HistoryAfter, HistoryPage } from './scan/history/history-reads.ts';
export type { ImportUpdate } from './scan/history/import-updates.ts';
export type { MigrationInfo, ScheduledMigration } from './scan/history/migrations.ts';
export type {
  HoldingsSummaries,
  SnapshotPageRead,
  SnapshotRequest,
  SnapshotTime,
} from './scan/history/state-reads.ts';
export type { TransactionLogEntry, TransactionLogKind } from './scan/history/transaction-log.ts';
export type { HistoryItem, HistoryRecord } from './scan/history/update-history.ts';
export { externalHashOf } from './scan/history/update-history.ts';
export type { AnsEntryView } from './scan/network/dso-state.ts';
export type { NetworkContract } from './scan/network/network-contracts.projection.ts';
export type { RoundAnswer } from './scan/network/reward-accounting.service.ts';
export type { ActivityTotals } from './scan/network/reward-allowances.ts';
export type { ScanNetwork } from './scan/network/scan-network.service.ts';
export type { Instrument } from './scan/registry/amulet-instrument.ts';
export type {
  ChoiceContextValue,
  RegistryChoiceContext,
} from './scan/registry/registry-choice-context.ts';
export type {
  AllocationAction,
  TransferInstructionAction,
} from './scan/registry/registry-factories.ts';
export type { ScanService } from './scan/scan.service.ts';
export type { Caller } from './services/caller.ts';
export { unrestrictedCaller } from './services/caller.ts';
export type { CommandSubmission } from './services/commands.service.ts';
export type { CompletionView } from './services/completions.service.ts';
export type { ContractEventsView } from './services/contract-lookups.service.ts';
export type { ActiveContractView } from './services/ledger-reads.service.ts';
export type { VettingUpdate } from './services/package-admin.service.ts';
export type { TopologyView, UpdateFormat, UpdateView } from './services/update-views.ts';
export type { ReassignmentEventView, ReassignmentView } from './synchronizers/reassignment-view.ts';
export type { ReassignmentSubmission } from './synchronizers/reassignments.service.ts';
export * from './time-machine/apply-fixture.ts';
export * from './time-machine/journal-store.ts';
export * from './time-machine/state-file.ts';
export { StateFileError, type StateHistory } from './time-machine/state-history.ts';
export * from './time-machine/time-machine.ts';
export type { ValidatorApp, ValidatorAppConfig } from './validator-apps/create-validator-app.ts';
export { nodeOfValidatorApp } from './validator-apps/validator-apps.ts';
export type { EventFilter, PartyFilter } from './views/event-filter.ts';
export type { TemplateCatalog } from './views/template-catalog.ts';
export type { EventView, TransactionView } from './views/transaction-view.ts';
// The automations' triggers read the wallet contracts they react to by the generated types.
export {
  acceptedTransferOfferTemplate,
  amuletTemplates,
  buyTrafficRequestTemplate,
  mergeDelegationTemplates,
  transferOfferTemplate,
  transferPreapprovalProposalTemplate,
} from './vocabulary/splice-templates.ts';
export { payloadOf } from './vocabulary/typed-commands.ts';
export type { WalletBalance } from './wallet/balance.service.ts';
export type { HistoryEntry, PartyAmount } from './wallet/history-types.ts';
export type { TransferInstructionOutcome } from './wallet/token-transfers.service.ts';
export type { BuyTrafficRequestStatus, TransferOfferStatus } from './wallet/tracking-status.ts';
export type { WalletService } from './wallet/wallet.service.ts';
export type { AmuletPosition, ContractView } from './wallet/wallet-views.ts';
export type { AllocationOutcome } from './wallet-apps/allocations.service.ts';
export type { OwnAnsEntry } from './wallet-apps/ans.service.ts';
export type { ArchivedCouponView } from './wallet-apps/development-fund.service.ts';
export type { DelegationPage } from './wallet-apps/minting-delegations.service.ts';
export type { SubscriptionView } from './wallet-apps/subscriptions.service.ts';
export type { WalletAppsService } from './wallet-apps/wallet-apps.service.ts';
export type { ExternalPartyService } from './wallet-external/external-party.service.ts';
