import type { PackageRegistry } from '@pocketnet/ledger';
import { amuletTemplateIds as ids } from '@pocketnet/splice';
import { templateByName } from './template-by-name.ts';

// The templates the node's own automation looks up by template, and so keeps an index of.
const watchedReferences = [
  ids.amulet,
  ids.lockedAmulet,
  ids.amuletRules,
  ids.externalPartyConfigState,
  ids.openMiningRound,
  ids.summarizingMiningRound,
  ids.issuingMiningRound,
  ids.closedMiningRound,
  ids.validatorRewardCoupon,
  ids.appRewardCoupon,
  ids.svRewardCoupon,
  ids.validatorLivenessActivityRecord,
  ids.featuredAppActivityMarker,
  ids.memberTraffic,
];

/** Whether a template is one of those, by package name (see `templateByName`). */
export function watchedByAutomation(packages: PackageRegistry): (templateId: string) => boolean {
  const watched = templateByName(packages, watchedReferences);
  return (templateId) => watched(templateId) !== undefined;
}
