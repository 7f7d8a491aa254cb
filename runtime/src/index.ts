export type {
  Clock,
  Command,
  ContractBlobFields,
  CreatedNode,
  DeduplicationPeriod,
  DomainErrorCode,
  IdentityProviderEntry,
  Journal,
  JournalRecord,
  LedgerEngine,
  LedgerEngineDeps,
  Package,
  ReassignmentCommand,
  ReassignmentRecord,
  ReassignmentRequest,
  SimulatedClock,
  SubmitRequest,
  TransactionRecord,
  UserEntry,
  UserRight,
  Value,
} from '@pocketnet/ledger';
export {
  createMemoryJournal,
  createSimulatedClock,
  createWallClock,
  DomainError,
  domainError,
  domainErrorCodes,
  encodeContractBlob,
  formatNumeric,
  isCantonPartyId,
  isDomainError,
  parseNumeric,
  parseTime,
} from '@pocketnet/ledger';
export type { Fixture } from '@pocketnet/schema';
export { createActorRuntime } from './actors/actor-runtime.ts';
export type {
  ActorDetail,
  ActorRequest,
  ActorRuntime,
  ActorSummary,
  ActorTransition,
  MachineDescription,
  MachineInfo,
  MachineTransition,
} from './actors/actor-types.ts';
export { type MachineId, machineIds } from './actors/machine-catalog.ts';
export { mergeDelegationMachine } from './actors/machines/merge-delegation.machine.ts';
export { miningRoundMachine } from './actors/machines/mining-round.machine.ts';
export {
  type TrafficPurchaseOutput,
  trafficPurchaseMachine,
  trafficPurchaseOutcome,
} from './actors/machines/traffic-purchase.machine.ts';
export { transferInstructionMachine } from './actors/machines/transfer-instruction.machine.ts';
export {
  type TransferOfferOutput,
  transferOfferMachine,
  transferOfferOutcome,
} from './actors/machines/transfer-offer.machine.ts';
export { transferPreapprovalMachine } from './actors/machines/transfer-preapproval.machine.ts';
export { userOnboardingMachine } from './actors/machines/user-onboarding.machine.ts';
export type { AmuletMerges, SmallAmuletPolicy } from './automation/amulet-merge.service.ts';
export { type AutomationOutcome, commandIdOf } from './automation/automation-outcome.ts';
export { idPart } from './automation/automation-values.ts';
export type {
  AutomationFailure,
  AutomationJobEvent,
  AutomationJobEventState,
  AutomationProgress,
  AutomationQueueCounts,
  AutomationQueueView,
  AutomationView,
} from './automation/automation-view.ts';
export type { NodeAutomation, WalletContractCreated } from './automation/create-automation.ts';
export type { MergeProgress } from './automation/delegated-merge.service.ts';
export { mergeBatchSize, mergeThreshold } from './automation/delegated-merge.service.ts';
export type { ExpiryKind, ExpiryWork } from './automation/expiry.service.ts';
export type { LivenessWork } from './automation/liveness.service.ts';
export type {
  NodeSchedule,
  ScheduledWork,
  WorkContext,
  WorkDispatcher,
} from './automation/node-schedule.ts';
export type { ExpiringOffer, OfferKind } from './automation/offer-automation.service.ts';
export type { RenewalPolicy, RenewalWork } from './automation/preapproval-renewal.service.ts';
export { defaultRenewalPolicy } from './automation/preapproval-renewal.service.ts';
export type { RewardWork } from './automation/reward-collection.service.ts';
export type { SweepPolicy } from './automation/sweep.service.ts';
export { type TrafficStatus, trafficModel } from './automation/traffic-meter.ts';
export type { TopupPolicy } from './automation/traffic-topup.service.ts';
export type { UpdateBus } from './bus/update-bus.ts';
export { createUpdateBus } from './bus/update-bus.ts';
export type { DevnetConfig } from './devnet/start-devnet.ts';
export { defaultDevnetConfig, svRoundsWork } from './devnet/start-devnet.ts';
export * from './load/adaptive-limit.ts';
export { createNode, type PocketnetNode } from './node/create-node.ts';
export { nodeOfParticipant, type ParticipantNode } from './node/create-participant.ts';
export type { NodeConfig } from './node/node-config.ts';
export { defaultLedgerApiVersion } from './node/node-config.ts';
export { decodeCrossProcess, encodeCrossProcess } from './scale-out/command-codec.ts';
export type { FollowerClock } from './scale-out/follower-clock.ts';
export { createFollowerClock, observeRecordTime } from './scale-out/follower-clock.ts';
export type { JournalFollower } from './scale-out/journal-follower.ts';
export type { CommittedPlan, JournalTracking } from './scale-out/journal-tracking.ts';
export { createJournalTracking } from './scale-out/journal-tracking.ts';
export type { NodeLedger } from './scale-out/node-ledger.ts';
export type { PlanCommits } from './scale-out/plan-commits.ts';
export { createPlanCommits } from './scale-out/plan-commits.ts';
export type { PlannedChange, PlanVerdict } from './scale-out/planned-change.ts';
export type { Replica, ReplicaOptions } from './scale-out/replica-engine.ts';
export { createReplica, valueOfAnswer } from './scale-out/replica-engine.ts';
export type {
  CommandTransport,
  ForwardedHttpAnswer,
  ForwardedHttpRequest,
  WriterAnswer,
  WriterCommand,
  WriterError,
  WriterVerdict,
} from './scale-out/writer-command.ts';
export type { WriterCommands, WriterCommandsDeps } from './scale-out/writer-commands.ts';
export { createWriterCommands } from './scale-out/writer-commands.ts';
export type { ScanOptions } from './scan/create-scan.ts';
export type { BulkObjectRef } from './scan/history/bulk-storage.ts';
export type { ScanHistory } from './scan/history/create-scan-history.ts';
export type { ScanHistoryOptions } from './scan/history/scan-history-options.ts';
export type { AnsEntryView } from './scan/network/dso-state.ts';
export type { NetworkContract } from './scan/network/network-contracts.projection.ts';
export type { RoundFees } from './scan/network/network-lookups.ts';
export type { ScanStatus } from './scan/network/node-status.ts';
export type {
  RewardBatchView,
  RoundAnswer,
} from './scan/network/reward-accounting.service.ts';
export type { ActivityTotals } from './scan/network/reward-allowances.ts';
export type { ScanNetwork } from './scan/network/scan-network.service.ts';
export type {
  TransferCommandEntry,
  TransferCommandStatus,
} from './scan/network/transfer-commands.projection.ts';
export type { LicensePage, ValidatorFaucets } from './scan/network/validator-licenses.ts';
export type { Instrument } from './scan/registry/amulet-instrument.ts';
export type {
  ChoiceContextValue,
  RegistryChoiceContext,
} from './scan/registry/registry-choice-context.ts';
export type {
  AllocationAction,
  FactoryWithChoiceContext,
  TransferInstructionAction,
  TransferKind,
} from './scan/registry/registry-factories.ts';
export type { TokenRegistry } from './scan/registry/token-registry.service.ts';
export type { Access, Caller } from './services/caller.ts';
export { unrestrictedCaller } from './services/caller.ts';
export type { CommandSubmission, Commands } from './services/commands.service.ts';
export type { CompletionView } from './services/completions.service.ts';
export type { ContractEventsView } from './services/contract-lookups.service.ts';
export type { ActiveContractView, LedgerReads } from './services/ledger-reads.service.ts';
export type { PackageAdmin, VettingUpdate } from './services/package-admin.service.ts';
export type { ParticipantAdmin } from './services/participant-admin.service.ts';
export type { TopologyView, UpdateFormat, UpdateView } from './services/update-views.ts';
export type {
  ReassignmentEventView,
  ReassignmentView,
} from './synchronizers/reassignment-view.ts';
export type { ReassignmentSubmission } from './synchronizers/reassignments.service.ts';
export type { SynchronizerInfo } from './synchronizers/synchronizer-set.ts';
export type { DueTask } from './time/scheduler.ts';
export * from './time-machine/apply-fixture.ts';
export * from './time-machine/journal-store.ts';
export * from './time-machine/state-file.ts';
export * from './time-machine/time-machine.ts';
export type { EventFilter, PartyFilter } from './views/event-filter.ts';
export type { TemplateCatalog } from './views/template-catalog.ts';
export type { EventView, TransactionShape, TransactionView } from './views/transaction-view.ts';
export type { Balances, WalletBalance } from './wallet/balance.service.ts';
export type { CouponKind, UserStatus, Wallet } from './wallet/create-wallet.ts';
export type { HistoryEntry, PartyAmount, TransactionSubtype } from './wallet/history-types.ts';
export type { ContextValue, NetworkContext } from './wallet/network-context.ts';
export type { Onboarding, OnboardRequest } from './wallet/onboarding.service.ts';
export type { PreapprovalSend, Preapprovals } from './wallet/preapprovals.service.ts';
export type {
  CreateTokenTransfer,
  TokenTransfers,
  TransferInstructionOutcome,
} from './wallet/token-transfers.service.ts';
export type {
  BuyTrafficRequestStatus,
  TrackingActors,
  TransferOfferStatus,
} from './wallet/tracking-status.ts';
export type { CreateBuyTrafficRequest, Traffic } from './wallet/traffic.service.ts';
export type { CreateTransferOffer, TransferOffers } from './wallet/transfer-offers.service.ts';
export type { UserWallet, WalletAccess } from './wallet/wallet-access.ts';
export type { BatchOutcome, WalletActions } from './wallet/wallet-batch.ts';
export type { WalletContract, WalletContracts } from './wallet/wallet-contracts.projection.ts';
export type { WalletTemplate } from './wallet/wallet-templates.ts';
export type { AmuletPosition, ContractView } from './wallet/wallet-views.ts';
export type {
  AllocateAmulet,
  AllocationOutcome,
  Allocations,
} from './wallet-apps/allocations.service.ts';
export type {
  AnsEntries,
  AnsEntryRequest,
  OwnAnsEntry,
  RequestedAnsEntry,
} from './wallet-apps/ans.service.ts';
export type { WalletApps } from './wallet-apps/create-wallet-apps.ts';
export type {
  ArchivedCouponView,
  CouponHistoryPage,
  DevelopmentFund,
} from './wallet-apps/development-fund.service.ts';
export type { FeaturedApps } from './wallet-apps/featured-apps.service.ts';
export type {
  DelegationPage,
  DelegationView,
  MintingDelegations,
  PageRequest,
} from './wallet-apps/minting-delegations.service.ts';
export type { AppPayments } from './wallet-apps/payments.service.ts';
export type { Subscriptions, SubscriptionView } from './wallet-apps/subscriptions.service.ts';
export type {
  NodeIdentities,
  SequencerConnections,
  ValidatorIdentity,
} from './wallet-apps/validator-identity.service.ts';
