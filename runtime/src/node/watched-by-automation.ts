import type { PackageRegistry } from '@pocketnet/ledger';
import { amuletTemplateIds as ids } from '@pocketnet/splice';

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
];

export function watchedByAutomation(packages: PackageRegistry): (templateId: string) => boolean {
  const watched = new Set(watchedReferences.map((ref) => packages.resolveTemplate(ref).templateId));
  return (templateId) => watched.has(templateId);
}
