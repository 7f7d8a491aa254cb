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

/**
 * Whether a template is one of those, by package name: the node's own TypeScript Splice and
 * Splice's uploaded packages (`--splice-dars`, uploaded after this is made) alike.
 */
export function watchedByAutomation(packages: PackageRegistry): (templateId: string) => boolean {
  const watched = new Set(watchedReferences.map((reference) => reference.slice(1)));
  const known = new Map<string, boolean>();
  return (templateId) => {
    const cached = known.get(templateId);
    if (cached !== undefined) return cached;
    const at = templateId.indexOf(':');
    const name = packages.packageById(templateId.slice(0, at))?.name;
    const answer = name !== undefined && watched.has(`${name}${templateId.slice(at)}`);
    if (name !== undefined) known.set(templateId, answer);
    return answer;
  };
}
