import type { CreatedNode } from '@pocketnet/ledger';
import { amuletTemplateIds, externalReferences } from '@pocketnet/splice';

/**
 * The templates the registry serves, by package-name reference (`#package:Module:Entity`), so
 * that every version of a package counts as the same template.
 */
export const registryReferences = {
  amulet: amuletTemplateIds.amulet,
  lockedAmulet: amuletTemplateIds.lockedAmulet,
  amuletRules: amuletTemplateIds.amuletRules,
  openMiningRound: amuletTemplateIds.openMiningRound,
  externalPartyConfigState: amuletTemplateIds.externalPartyConfigState,
  featuredAppRight: amuletTemplateIds.featuredAppRight,
  transferPreapproval: externalReferences.transferPreapproval,
  externalPartyAmuletRules: externalReferences.externalPartyAmuletRules,
  amuletTransferInstruction: externalReferences.amuletTransferInstruction,
  amuletAllocation: externalReferences.amuletAllocation,
} as const;

export type RegistryReference = (typeof registryReferences)[keyof typeof registryReferences];

/** A node's template as a package-name reference: its package id swapped for its name. */
export function referenceOf(node: {
  readonly packageName: string;
  readonly templateId: string;
}): string {
  return `#${node.packageName}:${node.templateId.slice(node.templateId.indexOf(':') + 1)}`;
}

export const isOf = (node: CreatedNode, reference: RegistryReference): boolean =>
  referenceOf(node) === reference;
