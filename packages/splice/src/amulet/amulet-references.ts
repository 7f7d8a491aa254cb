// Package-name references of the splice-amulet templates, for bodies that name a template
// their module cannot import (cycles) and for other packages that exercise them.

export const spliceAmuletPackageName = 'splice-amulet';
export const spliceAmuletVersion = '0.1.20';

const amuletModule = `#${spliceAmuletPackageName}:Splice.Amulet`;
const roundModule = `#${spliceAmuletPackageName}:Splice.Round`;

export const amuletTemplateIds = {
  amulet: `${amuletModule}:Amulet`,
  lockedAmulet: `${amuletModule}:LockedAmulet`,
  validatorRight: `${amuletModule}:ValidatorRight`,
  featuredAppRight: `${amuletModule}:FeaturedAppRight`,
  featuredAppActivityMarker: `${amuletModule}:FeaturedAppActivityMarker`,
  appRewardCoupon: `${amuletModule}:AppRewardCoupon`,
  validatorRewardCoupon: `${amuletModule}:ValidatorRewardCoupon`,
  svRewardCoupon: `${amuletModule}:SvRewardCoupon`,
  unclaimedReward: `${amuletModule}:UnclaimedReward`,
  unclaimedActivityRecord: `${amuletModule}:UnclaimedActivityRecord`,
  unclaimedDevelopmentFundCoupon: `${amuletModule}:UnclaimedDevelopmentFundCoupon`,
  developmentFundCoupon: `${amuletModule}:DevelopmentFundCoupon`,
  openMiningRound: `${roundModule}:OpenMiningRound`,
  summarizingMiningRound: `${roundModule}:SummarizingMiningRound`,
  issuingMiningRound: `${roundModule}:IssuingMiningRound`,
  closedMiningRound: `${roundModule}:ClosedMiningRound`,
  validatorLicense: `#${spliceAmuletPackageName}:Splice.ValidatorLicense:ValidatorLicense`,
  validatorLivenessActivityRecord: `#${spliceAmuletPackageName}:Splice.ValidatorLicense:ValidatorLivenessActivityRecord`,
  memberTraffic: `#${spliceAmuletPackageName}:Splice.DecentralizedSynchronizer:MemberTraffic`,
  externalPartyConfigState: `#${spliceAmuletPackageName}:Splice.ExternalPartyConfigState:ExternalPartyConfigState`,
  amuletRules: `#${spliceAmuletPackageName}:Splice.AmuletRules:AmuletRules`,
} as const;

/** `{packageName, module, entity}` of a splice-amulet template. */
export function amuletTemplateId(module: string, entity: string) {
  return { packageName: spliceAmuletPackageName, module, entity } as const;
}
