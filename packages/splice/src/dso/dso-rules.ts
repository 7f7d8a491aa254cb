import type { TemplateDefinition } from '@pocketnet/ledger';
import { defineTemplate } from '@pocketnet/ledger';
import {
  governanceNotModelled,
  livenessTotalKept,
  onlyConfirmedActions,
  rewardsV2NotModelled,
} from '../vocabulary/reasons-we-differ.ts';
import { spliceDsoGovernance } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { dsoAnsChoices } from './dso-ans-choices.ts';
import { dsoGovernanceChoices } from './dso-governance-choices.ts';
import { dsoRoundChoices } from './dso-round-choices.ts';
import { dsoRulesFields, dsoTemplateId } from './dso-types.ts';

// Why our DsoRules lacks the rest of Splice's: a one-SV devnet's automation needs none of it.
const svs = 'SV on- and offboarding, SV rewards and synchronizer node state are not modelled';
const genesis = 'genesis creates these contracts directly; nothing re-creates them later';
const amuletRules =
  'our automation exercises these through AmuletRules, or the owner does, rather than through DsoRules';

/**
 * Splice.DsoRules:DsoRules — the SVs' rules over the DSO party, reduced to what a one-SV
 * devnet's automation needs: the SV set, round advancement and closing, reward expiry,
 * activity-marker conversion, name-service upkeep, confirmations for the actions Splice runs
 * by confirmation, featured-app rights, price votes and validator onboarding. Voting
 * (VoteRequest), SV on- and offboarding, SV rewards and synchronizer node state are left out.
 */
export const dsoRules: TemplateDefinition = tiedToSplice(
  spliceDsoGovernance['Splice.DsoRules'].DsoRules,
  defineTemplate({
    id: dsoTemplateId('Splice.DsoRules', 'DsoRules'),
    fields: dsoRulesFields,
    signatories: (rules) => [rules.dso],
    ensure: (rules) =>
      BigInt(rules.config.numUnclaimedRewardsThreshold) > 0n ||
      'numUnclaimedRewardsThreshold must be positive',
    choices: () => ({
      ...dsoRoundChoices,
      ...dsoAnsChoices,
      ...dsoGovernanceChoices,
    }),
  }),
  {
    lacks: {
      DsoRules_AddConfirmedSv: svs,
      DsoRules_AddSv: svs,
      DsoRules_AllocateUnallocatedUnclaimedActivityRecord: rewardsV2NotModelled,
      DsoRules_Amulet_Expire: amuletRules,
      DsoRules_Amulet_ExpireTransferInstructions: amuletRules,
      DsoRules_Amulet_ExpireV2: rewardsV2NotModelled,
      DsoRules_ArchiveDryRunRewardAccountingV2: rewardsV2NotModelled,
      DsoRules_ArchiveOutdatedElectionRequest: governanceNotModelled,
      DsoRules_ArchiveSvOnboardingRequest: svs,
      DsoRules_BootstrapExternalPartyConfigState: genesis,
      DsoRules_CastVote: governanceNotModelled,
      DsoRules_ClaimExpiredRewardsV2: rewardsV2NotModelled,
      DsoRules_CloseVoteRequest: governanceNotModelled,
      DsoRules_ConfirmSvOnboarding: svs,
      DsoRules_CreateBootstrapExternalPartyConfigStateInstruction: genesis,
      DsoRules_CreateExternalPartyAmuletRules: genesis,
      DsoRules_CreateTransferCommandCounter: genesis,
      DsoRules_CreateUnallocatedUnclaimedActivityRecord: rewardsV2NotModelled,
      DsoRules_ElectDsoDelegate: governanceNotModelled,
      DsoRules_ExpireAmuletAllocations: amuletRules,
      DsoRules_ExpireDevelopmentFundCoupon: rewardsV2NotModelled,
      DsoRules_ExpireStaleConfirmation: governanceNotModelled,
      DsoRules_ExpireSvOnboardingConfirmed: svs,
      DsoRules_ExpireSvOnboardingRequest: svs,
      DsoRules_ExpireTransferPreapproval: amuletRules,
      DsoRules_ExpireUnallocatedUnclaimedActivityRecord: rewardsV2NotModelled,
      DsoRules_ExpireUnclaimedActivityRecord: rewardsV2NotModelled,
      DsoRules_GarbageCollectAmuletPriceVotes: governanceNotModelled,
      DsoRules_LockedAmulet_ExpireAmulet: amuletRules,
      DsoRules_LockedAmulet_ExpireAmuletV2: rewardsV2NotModelled,
      DsoRules_MergeMemberTrafficContracts: amuletRules,
      DsoRules_MergeSvRewardState: svs,
      DsoRules_MergeUnclaimedDevelopmentFundCoupons: rewardsV2NotModelled,
      DsoRules_MergeUnclaimedRewards: amuletRules,
      DsoRules_MergeValidatorLicense:
        'our devnet never issues a validator a second licence to merge',
      DsoRules_OffboardSv: svs,
      DsoRules_ProcessRewardsV2_ProcessBatch: rewardsV2NotModelled,
      DsoRules_PruneAmuletConfigSchedule: governanceNotModelled,
      DsoRules_ReceiveSvRewardCoupon: svs,
      DsoRules_RequestElection: governanceNotModelled,
      DsoRules_RequestVote: governanceNotModelled,
      DsoRules_SetConfig: governanceNotModelled,
      DsoRules_SetSynchronizerNodeConfig: svs,
      DsoRules_StartSvOnboarding: svs,
      DsoRules_SubmitStatusReport: svs,
      DsoRules_UnhideRewardCouponsV2: rewardsV2NotModelled,
      DsoRules_UpdateExternalPartyConfigStates: amuletRules,
      DsoRules_UpdateSvRewardWeight: svs,
    },
    differs: {
      "DsoRules_ConfirmAction argument.action|ARC_AmuletRules.amuletRulesAction|CRARC_AddFutureAmuletConfigSchedule: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ConfirmAction argument.action|ARC_AmuletRules.amuletRulesAction|CRARC_RemoveFutureAmuletConfigSchedule: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ConfirmAction argument.action|ARC_AmuletRules.amuletRulesAction|CRARC_SetConfig: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ConfirmAction argument.action|ARC_AmuletRules.amuletRulesAction|CRARC_StartProcessingRewardsV2: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ConfirmAction argument.action|ARC_AmuletRules.amuletRulesAction|CRARC_UpdateFutureAmuletConfigSchedule: a case of Splice's we lack":
        onlyConfirmedActions,
      'DsoRules_ConfirmAction argument.action|ARC_AmuletRules.amuletRulesAction|CRARC_MiningRound_StartIssuing.summary.optTotalValidatorLivenessActivityRecords: a field Splice lacks':
        livenessTotalKept,
      "DsoRules_ConfirmAction argument.action|ARC_DsoRules.dsoAction|SRARC_AddSv: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ConfirmAction argument.action|ARC_DsoRules.dsoAction|SRARC_ConfirmSvOnboarding: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ConfirmAction argument.action|ARC_DsoRules.dsoAction|SRARC_CreateBootstrapExternalPartyConfigStateInstruction: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ConfirmAction argument.action|ARC_DsoRules.dsoAction|SRARC_CreateExternalPartyAmuletRules: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ConfirmAction argument.action|ARC_DsoRules.dsoAction|SRARC_CreateTransferCommandCounter: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ConfirmAction argument.action|ARC_DsoRules.dsoAction|SRARC_CreateUnallocatedUnclaimedActivityRecord: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ConfirmAction argument.action|ARC_DsoRules.dsoAction|SRARC_OffboardSv: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ConfirmAction argument.action|ARC_DsoRules.dsoAction|SRARC_SetConfig: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ConfirmAction argument.action|ARC_DsoRules.dsoAction|SRARC_UpdateSvRewardWeight: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_AmuletRules.amuletRulesAction|CRARC_AddFutureAmuletConfigSchedule: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_AmuletRules.amuletRulesAction|CRARC_RemoveFutureAmuletConfigSchedule: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_AmuletRules.amuletRulesAction|CRARC_SetConfig: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_AmuletRules.amuletRulesAction|CRARC_StartProcessingRewardsV2: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_AmuletRules.amuletRulesAction|CRARC_UpdateFutureAmuletConfigSchedule: a case of Splice's we lack":
        onlyConfirmedActions,
      'DsoRules_ExecuteConfirmedAction argument.action|ARC_AmuletRules.amuletRulesAction|CRARC_MiningRound_StartIssuing.summary.optTotalValidatorLivenessActivityRecords: a field Splice lacks':
        livenessTotalKept,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_DsoRules.dsoAction|SRARC_AddSv: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_DsoRules.dsoAction|SRARC_ConfirmSvOnboarding: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_DsoRules.dsoAction|SRARC_CreateBootstrapExternalPartyConfigStateInstruction: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_DsoRules.dsoAction|SRARC_CreateExternalPartyAmuletRules: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_DsoRules.dsoAction|SRARC_CreateTransferCommandCounter: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_DsoRules.dsoAction|SRARC_CreateUnallocatedUnclaimedActivityRecord: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_DsoRules.dsoAction|SRARC_OffboardSv: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_DsoRules.dsoAction|SRARC_SetConfig: a case of Splice's we lack":
        onlyConfirmedActions,
      "DsoRules_ExecuteConfirmedAction argument.action|ARC_DsoRules.dsoAction|SRARC_UpdateSvRewardWeight: a case of Splice's we lack":
        onlyConfirmedActions,
    },
  },
);
