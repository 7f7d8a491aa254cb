import {
  amuletTemplateIds,
  ansReferences,
  dsoReferences,
  externalReferences,
} from '@pocketnet/splice';

/**
 * The templates Scan's network view serves, by package-name reference (`#package:Module:Entity`),
 * so that every version of a package counts as the same template. VoteRequest, SvNodeState and
 * the transfer-command templates are named as Splice names them; pocketnet's packages do not
 * define them (yet), so their lists stay empty until a package does.
 */
export const networkReferences = {
  amuletRules: amuletTemplateIds.amuletRules,
  externalPartyAmuletRules: externalReferences.externalPartyAmuletRules,
  ansRules: ansReferences.ansRules,
  ansEntry: ansReferences.ansEntry,
  dsoRules: dsoReferences.dsoRules,
  amuletPriceVote: dsoReferences.amuletPriceVote,
  voteRequest: '#splice-dso-governance:Splice.DsoRules:VoteRequest',
  svNodeState: '#splice-dso-governance:Splice.DSO.SvState:SvNodeState',
  openMiningRound: amuletTemplateIds.openMiningRound,
  summarizingMiningRound: amuletTemplateIds.summarizingMiningRound,
  issuingMiningRound: amuletTemplateIds.issuingMiningRound,
  closedMiningRound: amuletTemplateIds.closedMiningRound,
  featuredAppRight: amuletTemplateIds.featuredAppRight,
  validatorLicense: amuletTemplateIds.validatorLicense,
  memberTraffic: amuletTemplateIds.memberTraffic,
  transferPreapproval: externalReferences.transferPreapproval,
  transferCommandCounter: '#splice-amulet:Splice.ExternalPartyAmuletRules:TransferCommandCounter',
  transferCommand: '#splice-amulet:Splice.ExternalPartyAmuletRules:TransferCommand',
  unclaimedDevelopmentFundCoupon: amuletTemplateIds.unclaimedDevelopmentFundCoupon,
} as const;

export type NetworkReference = (typeof networkReferences)[keyof typeof networkReferences];

type TemplatedNode = { readonly packageName: string; readonly templateId: string };

/** A node's template as a package-name reference: its package id swapped for its name. */
export function referenceOf(node: TemplatedNode): string {
  return `#${node.packageName}:${node.templateId.slice(node.templateId.indexOf(':') + 1)}`;
}

/** `referenceOf`, computed once per template id: the projections ask it for every node. */
export type ReferenceOf = (node: TemplatedNode) => string;

export function createReferenceCache(): ReferenceOf {
  const references = new Map<string, string>();
  return (node) => {
    let reference = references.get(node.templateId);
    if (reference === undefined) {
      reference = referenceOf(node);
      references.set(node.templateId, reference);
    }
    return reference;
  };
}

/**
 * What this Splice network calls its parts. The coin is Canton Coin as the registry reports it;
 * the name service is the one the ledger's AnsRules enforce (names end in `.unverified.ans`).
 */
export const spliceInstanceNames = {
  networkName: 'pocketnet',
  networkFaviconUrl: 'https://www.canton.network/hubfs/cn-favicon-05%201-1.png',
  amuletName: 'Canton Coin',
  amuletNameAcronym: 'CC',
  nameServiceName: 'Amulet Name Service',
  nameServiceNameAcronym: 'ANS',
} as const;

/** The Splice release whose Scan API this node serves, and that release's commit time. */
export const scanVersion = { version: '0.6.11', commitTs: '2026-06-26T00:00:00Z' } as const;
