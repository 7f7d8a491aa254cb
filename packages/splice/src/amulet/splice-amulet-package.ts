import type { InterfaceDefinition, Package, TemplateDefinition } from '@pocketnet/ledger';
import { definePackage } from '@pocketnet/ledger';
import { spliceAmuletPackageName, spliceAmuletVersion } from './amulet-references.ts';
import { createAmuletRulesTemplate } from './rules/amulet-rules.ts';
import { amulet } from './templates/amulet.ts';
import { externalPartyConfigState } from './templates/external-party-config-state.ts';
import { featuredAppActivityMarker, featuredAppRight } from './templates/featured-app.ts';
import { lockedAmulet } from './templates/locked-amulet.ts';
import { memberTraffic } from './templates/member-traffic.ts';
import {
  appRewardCoupon,
  svRewardCoupon,
  validatorRewardCoupon,
} from './templates/reward-coupons.ts';
import {
  closedMiningRound,
  issuingMiningRound,
  openMiningRound,
  summarizingMiningRound,
} from './templates/rounds.ts';
import {
  developmentFundCoupon,
  unclaimedActivityRecord,
  unclaimedDevelopmentFundCoupon,
  unclaimedReward,
} from './templates/unclaimed.ts';
import {
  validatorLicense,
  validatorLivenessActivityRecord,
} from './templates/validator-license.ts';
import { validatorRight } from './templates/validator-right.ts';

/** The core templates of splice-amulet but AmuletRules: coin, rounds, rewards, licenses, traffic. */
export const spliceAmuletCoreTemplates: readonly TemplateDefinition[] = [
  amulet,
  lockedAmulet,
  validatorRight,
  featuredAppRight,
  featuredAppActivityMarker,
  appRewardCoupon,
  validatorRewardCoupon,
  svRewardCoupon,
  unclaimedReward,
  unclaimedActivityRecord,
  unclaimedDevelopmentFundCoupon,
  developmentFundCoupon,
  openMiningRound,
  summarizingMiningRound,
  issuingMiningRound,
  closedMiningRound,
  validatorLicense,
  validatorLivenessActivityRecord,
  memberTraffic,
  externalPartyConfigState,
];

export type SpliceAmuletExtensions = {
  readonly templates?: readonly TemplateDefinition[];
  readonly interfaces?: readonly InterfaceDefinition[];
  /** AmuletRules with choices written elsewhere joined to the core ones. */
  readonly amuletRules?: TemplateDefinition;
};

/**
 * The splice-amulet package. Templates of the same Daml package written elsewhere
 * (TransferPreapproval, ExternalPartyAmuletRules, AmuletTransferInstruction, ...) and the
 * AmuletRules choices that go with them join it here: a package is defined once, whole.
 */
export function createSpliceAmuletPackage(extra: SpliceAmuletExtensions = {}): Package {
  return definePackage({
    name: spliceAmuletPackageName,
    version: spliceAmuletVersion,
    templates: [
      ...spliceAmuletCoreTemplates,
      extra.amuletRules ?? createAmuletRulesTemplate(),
      ...(extra.templates ?? []),
    ],
    interfaces: extra.interfaces ?? [],
  });
}

/** splice-amulet with the core templates and choices only. */
export const spliceAmuletCorePackage: Package = createSpliceAmuletPackage();
