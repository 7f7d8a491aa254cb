import type { Package } from '@pocketnet/ledger';
import { externalPartyTemplates } from '../external/external-party-templates.ts';
import { amuletRulesPreapprovalChoices } from '../external/preapproval-creation.ts';
import {
  governanceNotModelled,
  livenessTotalKept,
  rewardsV2NotModelled,
} from '../vocabulary/reasons-we-differ.ts';
import { spliceAmulet } from '../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../vocabulary/tied-to-splice.ts';
import { createAmuletRulesTemplate } from './rules/amulet-rules.ts';
import { createSpliceAmuletPackage } from './splice-amulet-package.ts';

/**
 * splice-amulet as a node loads it: the core with the external-party and token-standard
 * templates (TransferPreapproval, ExternalPartyAmuletRules, AmuletTransferInstruction,
 * AmuletAllocation, ExternalPartySetupProposal) and the AmuletRules choices that create
 * preapprovals. Load it with the token-standard packages, whose interfaces these implement.
 */
export const spliceAmuletPackage: Package = createSpliceAmuletPackage({
  templates: externalPartyTemplates,
  amuletRules: tiedToSplice(
    spliceAmulet['Splice.AmuletRules'].AmuletRules,
    createAmuletRulesTemplate(amuletRulesPreapprovalChoices),
    {
      lacks: {
        AmuletRules_ComputeFees:
          'no client of ours asks for a fee quote this way; transfers compute their own',
        AmuletRules_SetConfig: governanceNotModelled,
        AmuletRules_AddFutureAmuletConfigSchedule: governanceNotModelled,
        AmuletRules_RemoveFutureAmuletConfigSchedule: governanceNotModelled,
        AmuletRules_UpdateFutureAmuletConfigSchedule: governanceNotModelled,
        AmuletRules_BootstrapExternalPartyConfigState:
          'genesis creates the first ExternalPartyConfigState directly',
        AmuletRules_Amulet_ExpireTransferInstructions:
          'expired transfer instructions are withdrawn by their senders, not swept by the DSO',
        AmuletRules_AllocateDevelopmentFundCoupon: rewardsV2NotModelled,
        AmuletRules_MergeUnclaimedDevelopmentFundCoupons: rewardsV2NotModelled,
        AmuletRules_StartProcessingRewardsV2: rewardsV2NotModelled,
        AmuletRules_UnhideRewardCouponsV2: rewardsV2NotModelled,
        AmuletRules_ClaimExpiredRewardsV2: rewardsV2NotModelled,
        AmuletRules_ArchiveDryRunRewardAccountingV2: rewardsV2NotModelled,
      },
      differs: {
        'AmuletRules_MiningRound_StartIssuing argument.summary.optTotalValidatorLivenessActivityRecords: a field Splice lacks':
          livenessTotalKept,
      },
    },
  ),
});
