export { amuletTemplateIds, spliceAmuletVersion } from './amulet/amulet-references.ts';
export {
  type DevNetConfigOptions,
  defaultAmuletConfig,
  defaultInitialAmuletPrice,
  devNetAmuletRules,
} from './amulet/default-config.ts';
export { type AmuletRulesPayload, amuletRules } from './amulet/rules/amulet-rules.ts';
export { openMiningRoundSummaryType } from './amulet/rules/issuing-rounds.choices.ts';
export { spliceAmuletPackage } from './amulet/splice-amulet-assembly.ts';
export {
  createSpliceAmuletPackage,
  type SpliceAmuletExtensions,
  spliceAmuletCorePackage,
} from './amulet/splice-amulet-package.ts';
export { spliceErrorIds } from './amulet/support/failures.ts';
export { type Amulet, amulet } from './amulet/templates/amulet.ts';
export { type FeaturedAppRight, featuredAppRight } from './amulet/templates/featured-app.ts';
export { type LockedAmulet, lockedAmulet } from './amulet/templates/locked-amulet.ts';
export { type MemberTraffic, memberTraffic } from './amulet/templates/member-traffic.ts';
export type { AppRewardCoupon, ValidatorRewardCoupon } from './amulet/templates/reward-coupons.ts';
export type { IssuingMiningRound, OpenMiningRound } from './amulet/templates/rounds.ts';
export { issuingMiningRound, openMiningRound } from './amulet/templates/rounds.ts';
export { executeTransfer } from './amulet/transfer/execute-transfer.ts';
export { summarizeTransferContext } from './amulet/transfer/transfer-context.ts';
export type { AmuletConfig, TransferConfig } from './amulet/types/config-types.ts';
export type {
  Transfer,
  TransferInput,
  TransferOutput,
  TransferResult,
  TransferSummary,
} from './amulet/types/transfer-types.ts';
export { transferResultType, transferType } from './amulet/types/transfer-types.ts';
export type { AnsRulesConfig } from './ans/ans-config.ts';
export { ansEntryProblem, ansReferences, defaultAnsRulesConfig } from './ans/ans-config.ts';
export type { ActionRequiringConfirmation, OpenMiningRoundSummary } from './dso/confirmation.ts';
export type { FoundingSv } from './dso/dso-defaults.ts';
export { defaultDsoRulesConfig, initialDsoRules } from './dso/dso-defaults.ts';
export type { DsoRulesConfig, DsoRulesPayload, SvInfo } from './dso/dso-types.ts';
export { dsoReferences, requiredNumVotes } from './dso/dso-types.ts';
export { spliceAppPackages } from './dso/splice-app-packages.ts';
export { singleNodeSynchronizerConfig } from './dso/sv-node-state.ts';
export { scaleUsdToAmulet, usdToAmulet } from './economy/conversions.ts';
export {
  accruedHoldingFee,
  type ExpiringAmount,
  expiryRound,
  isExpired,
} from './economy/expiring-amount.ts';
export { defaultHoldingFeeUsdPerRound } from './economy/holding-fee.ts';
export {
  computeIssuingRoundParameters,
  type RoundSummary,
  roundsPerYear,
} from './economy/issuance.ts';
export { defaultIssuanceCurve, issuanceConfigFor } from './economy/issuance-curve.ts';
export { transferPreapprovalFee } from './economy/preapproval-fee.ts';
export { type TrafficCost, trafficCost } from './economy/traffic.ts';
export { externalReferences } from './external/amulet-references.ts';
export { type ChoiceContextKey, choiceContextKeys } from './external/choice-context.ts';
export { externalPartyTemplates } from './external/external-party-templates.ts';
export { amuletRulesPreapprovalChoices } from './external/preapproval-creation.ts';
export {
  type TransferCommand,
  type TransferCommandCounter,
  transferCommand,
  transferCommandCounter,
} from './external/transfer-command.ts';
export { transferCommandReferences } from './external/transfer-command-types.ts';
export { type TransferPreapproval, transferPreapproval } from './external/transfer-preapproval.ts';
export {
  featuredAppActivityMarkerV1InterfaceId,
  featuredAppApiPackage,
  featuredAppRightV1InterfaceId,
} from './featured-app/featured-app-right-v1.ts';
export { mergeReferences } from './merge/merge-types.ts';
export { splicePackages } from './splice-packages.ts';
export { allocationRequestInterfaceId } from './token-standard/allocation-request-v1.ts';
export { allocationInterfaceId } from './token-standard/allocation-v1.ts';
export type { HoldingLock, HoldingView, InstrumentId } from './token-standard/holding-v1.ts';
export { holdingInterface, holdingInterfaceId } from './token-standard/holding-v1.ts';
export type { AnyValue, ChoiceContext, ExtraArgs, Metadata } from './token-standard/metadata-v1.ts';
export { emptyExtraArgs, emptyMetadata, metadataType } from './token-standard/metadata-v1.ts';
export { tokenStandardPackages } from './token-standard/token-standard-packages.ts';
export type { TransferInstructionView } from './token-standard/transfer-instruction-types.ts';
export {
  transferFactoryInterfaceId,
  transferInstructionInterfaceId,
} from './token-standard/transfer-instruction-types.ts';
export * as spliceVocabulary from './vocabulary/splice-vocabulary.generated.ts';
export type { AmuletOperation, AmuletOperationOutcome } from './wallet/amulet-operations.ts';
export type { BuyTrafficRequestStatus, TransferOfferStatus } from './wallet/tracking-status.ts';
export {
  buyTrafficRequestStatusUpdates,
  transferOfferStatusUpdates,
} from './wallet/tracking-status.ts';
export { walletReferences } from './wallet/wallet-references.ts';
export type { PaymentAmount } from './wallet-payments/payment-types.ts';
export { paymentsReferences } from './wallet-payments/payments-references.ts';
