import { defineChoice, t } from '@pocketnet/ledger';
import { amuletReferences } from '../wallet-payments/amulet-types.ts';
import { fieldOf, optionalTextFieldOf, textFieldOf } from '../wallet-payments/value-readers.ts';
import { medianAmuletPrice } from './amulet-price-vote.ts';
import type { DsoRulesPayload } from './dso-types.ts';
import { dsoReferences, svControllers, validateSvParty } from './dso-types.ts';

// The round choices SV automation drives through DsoRules; each delegates to the matching
// AmuletRules choice with the DSO's authority.

const cid = t.contractId;
const rulesCid = cid(amuletReferences.amuletRules);
const optionalSv = t.optional(t.party());

const claimExpiredRewardsArgumentType = t.record(
  {
    closedRoundCid: cid(amuletReferences.closedMiningRound),
    validatorRewardCouponCids: t.list(cid('#splice-amulet:Splice.Amulet:ValidatorRewardCoupon')),
    appCouponCids: t.list(cid('#splice-amulet:Splice.Amulet:AppRewardCoupon')),
    svRewardCouponCids: t.list(cid('#splice-amulet:Splice.Amulet:SvRewardCoupon')),
    optValidatorFaucetCouponCids: t.optional(t.list(cid())),
    optValidatorLivenessActivityRecordCids: t.optional(t.list(cid())),
  },
  'Splice.AmuletRules:AmuletRules_ClaimExpiredRewards',
);

export const dsoRoundChoices = {
  DsoRules_AdvanceOpenMiningRounds: defineChoice({
    controllers: svControllers,
    consuming: false,
    argument: {
      amuletRulesCid: rulesCid,
      roundToArchiveCid: cid(amuletReferences.openMiningRound),
      middleRoundCid: cid(amuletReferences.openMiningRound),
      latestRoundCid: cid(amuletReferences.openMiningRound),
      amuletPriceVoteCids: t.list(cid(dsoReferences.amuletPriceVote)),
      sv: optionalSv,
    },
    result: t.record({
      summarizingRound: cid('#splice-amulet:Splice.Round:SummarizingMiningRound'),
      openRound: cid(amuletReferences.openMiningRound),
    }),
    body: (tx, self: { readonly payload: DsoRulesPayload }, argument) => {
      validateSvParty(tx, self.payload, argument.sv);
      const amuletPrice = medianAmuletPrice(tx, self.payload, argument.amuletPriceVoteCids);
      const { amuletRulesCid, roundToArchiveCid, middleRoundCid, latestRoundCid } = argument;
      const result = tx.exercise(
        amuletReferences.amuletRules,
        amuletRulesCid,
        'AmuletRules_AdvanceOpenMiningRounds',
        {
          amuletPrice,
          roundToArchiveCid,
          middleRoundCid,
          latestRoundCid,
        },
      );
      return {
        summarizingRound: textFieldOf(result, 'summarizingRoundCid'),
        openRound: textFieldOf(result, 'openRoundCid'),
      };
    },
  }),
  DsoRules_MiningRound_Close: defineChoice({
    controllers: svControllers,
    consuming: false,
    argument: {
      amuletRulesCid: rulesCid,
      issuingRoundCid: cid(amuletReferences.issuingMiningRound),
      sv: optionalSv,
    },
    result: t.record({ closedRound: cid(amuletReferences.closedMiningRound) }),
    body: (
      tx,
      self: { readonly payload: DsoRulesPayload },
      { amuletRulesCid, issuingRoundCid, sv },
    ) => {
      validateSvParty(tx, self.payload, sv);
      const result = tx.exercise(
        amuletReferences.amuletRules,
        amuletRulesCid,
        'AmuletRules_MiningRound_Close',
        {
          issuingRoundCid,
        },
      );
      return { closedRound: textFieldOf(result, 'closedRoundCid') };
    },
  }),
  DsoRules_ClaimExpiredRewards: defineChoice({
    controllers: svControllers,
    consuming: false,
    argument: {
      amuletRulesCid: rulesCid,
      choiceArg: claimExpiredRewardsArgumentType,
      sv: optionalSv,
    },
    result: t.record({
      unclaimedReward: t.optional(cid('#splice-amulet:Splice.Amulet:UnclaimedReward')),
    }),
    body: (tx, self: { readonly payload: DsoRulesPayload }, { amuletRulesCid, choiceArg, sv }) => {
      validateSvParty(tx, self.payload, sv);
      const choice = 'AmuletRules_ClaimExpiredRewards';
      const result = tx.exercise(amuletReferences.amuletRules, amuletRulesCid, choice, choiceArg);
      return { unclaimedReward: optionalTextFieldOf(result, 'unclaimedRewardCid') };
    },
  }),
  DsoRules_AmuletRules_ConvertFeaturedAppActivityMarkers: defineChoice({
    controllers: svControllers,
    consuming: false,
    argument: {
      amuletRulesCid: rulesCid,
      argument: t.record(
        {
          markerCids: t.list(cid('#splice-amulet:Splice.Amulet:FeaturedAppActivityMarker')),
          openMiningRoundCid: cid(amuletReferences.openMiningRound),
          observers: t.optional(t.list(t.party())),
        },
        'Splice.AmuletRules:AmuletRules_ConvertFeaturedAppActivityMarkers',
      ),
      sv: optionalSv,
    },
    result: t.record({
      result: t.record({
        appRewardCouponCids: t.list(cid('#splice-amulet:Splice.Amulet:AppRewardCoupon')),
      }),
    }),
    body: (tx, self: { readonly payload: DsoRulesPayload }, { amuletRulesCid, argument, sv }) => {
      validateSvParty(tx, self.payload, sv);
      const choice = 'AmuletRules_ConvertFeaturedAppActivityMarkers';
      const result = tx.exercise(amuletReferences.amuletRules, amuletRulesCid, choice, argument);
      const coupons = fieldOf(result, 'appRewardCouponCids');
      return { result: { appRewardCouponCids: Array.isArray(coupons) ? coupons.map(String) : [] } };
    },
  }),
};
