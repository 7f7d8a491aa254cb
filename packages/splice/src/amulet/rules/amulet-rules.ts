import type { ChoiceDefinition, PayloadOf } from '@pocketnet/ledger';
import { defineTemplate } from '@pocketnet/ledger';
import { amuletTemplateId } from '../amulet-references.ts';
import { amuletConfigProblem } from '../support/config-values.ts';
import { amuletRulesAdvanceOpenMiningRounds } from './advance-rounds.choice.ts';
import { amuletRulesFields } from './amulet-rules-fields.ts';
import {
  amuletRulesFetch,
  amuletRulesMergeMemberTrafficContracts,
  amuletRulesMergeUnclaimedRewards,
} from './amulet-rules-misc.choices.ts';
import { amuletRulesTransfer } from './amulet-rules-transfer.choice.ts';
import { amuletRulesBootstrapRounds } from './bootstrap-rounds.choice.ts';
import { amuletRulesBuyMemberTraffic } from './buy-member-traffic.choice.ts';
import { amuletRulesClaimExpiredRewards } from './claim-expired-rewards.choice.ts';
import { amuletRulesConvertFeaturedAppActivityMarkers } from './convert-markers.choice.ts';
import {
  amuletRulesDevNetFeatureApp,
  amuletRulesDevNetTap,
  amuletRulesMint,
} from './devnet.choices.ts';
import { amuletRulesUpdateExternalPartyConfigStates } from './external-party-config-states.ts';
import {
  amuletRulesMiningRoundArchive,
  amuletRulesMiningRoundClose,
  amuletRulesMiningRoundStartIssuing,
} from './issuing-rounds.choices.ts';

/** The choices of AmuletRules written with the amulet core. */
export const amuletRulesCoreChoices = {
  AmuletRules_Transfer: amuletRulesTransfer,
  AmuletRules_BuyMemberTraffic: amuletRulesBuyMemberTraffic,
  AmuletRules_Mint: amuletRulesMint,
  AmuletRules_DevNet_Tap: amuletRulesDevNetTap,
  AmuletRules_DevNet_FeatureApp: amuletRulesDevNetFeatureApp,
  AmuletRules_Bootstrap_Rounds: amuletRulesBootstrapRounds,
  AmuletRules_AdvanceOpenMiningRounds: amuletRulesAdvanceOpenMiningRounds,
  AmuletRules_MiningRound_StartIssuing: amuletRulesMiningRoundStartIssuing,
  AmuletRules_MiningRound_Close: amuletRulesMiningRoundClose,
  AmuletRules_MiningRound_Archive: amuletRulesMiningRoundArchive,
  AmuletRules_ClaimExpiredRewards: amuletRulesClaimExpiredRewards,
  AmuletRules_ConvertFeaturedAppActivityMarkers: amuletRulesConvertFeaturedAppActivityMarkers,
  AmuletRules_UpdateExternalPartyConfigStates: amuletRulesUpdateExternalPartyConfigStates,
  AmuletRules_MergeMemberTrafficContracts: amuletRulesMergeMemberTrafficContracts,
  AmuletRules_MergeUnclaimedRewards: amuletRulesMergeUnclaimedRewards,
  AmuletRules_Fetch: amuletRulesFetch,
};

/**
 * `Splice.AmuletRules:AmuletRules`: the DSO's rules for amulet, with the configuration every
 * transfer, tap, traffic purchase and round change reads. Its choices are nonconsuming. Choices
 * written elsewhere (the preapproval ones) join the core ones here: a template is defined once.
 */
export function createAmuletRulesTemplate<
  TExtra extends Readonly<Record<string, ChoiceDefinition>> = Readonly<Record<never, never>>,
>(extraChoices: TExtra = {} as TExtra) {
  return defineTemplate({
    id: amuletTemplateId('Splice.AmuletRules', 'AmuletRules'),
    fields: amuletRulesFields,
    signatories: ({ dso }) => [dso],
    ensure: (rules) => {
      if (
        rules.contractStateSchemaVersion !== null &&
        BigInt(rules.contractStateSchemaVersion) < 0n
      ) {
        return 'contractStateSchemaVersion must not be negative';
      }
      return amuletConfigProblem(rules.configSchedule) ?? true;
    },
    choices: () => ({ ...amuletRulesCoreChoices, ...extraChoices }),
  });
}

/** AmuletRules with the core choices only. */
export const amuletRules = createAmuletRulesTemplate();
export type AmuletRulesPayload = PayloadOf<typeof amuletRules>;
