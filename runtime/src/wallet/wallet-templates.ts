import type { CreatedNode, TransactionNode } from '@pocketnet/ledger';
import { amuletTemplates } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';

// The templates the validator's wallet keeps per party, named by package and qualified name
// (`Module:Entity`), so every version of a package counts the same.

const walletTemplates = {
  amulet: ['splice-amulet', 'Splice.Amulet:Amulet'],
  lockedAmulet: ['splice-amulet', 'Splice.Amulet:LockedAmulet'],
  featuredAppRight: ['splice-amulet', 'Splice.Amulet:FeaturedAppRight'],
  validatorRight: ['splice-amulet', 'Splice.Amulet:ValidatorRight'],
  appRewardCoupon: ['splice-amulet', 'Splice.Amulet:AppRewardCoupon'],
  validatorRewardCoupon: ['splice-amulet', 'Splice.Amulet:ValidatorRewardCoupon'],
  svRewardCoupon: ['splice-amulet', 'Splice.Amulet:SvRewardCoupon'],
  livenessActivityRecord: [
    'splice-amulet',
    'Splice.ValidatorLicense:ValidatorLivenessActivityRecord',
  ],
  transferPreapproval: ['splice-amulet', 'Splice.AmuletRules:TransferPreapproval'],
  transferInstruction: [
    'splice-amulet',
    'Splice.AmuletTransferInstruction:AmuletTransferInstruction',
  ],
  walletAppInstall: ['splice-wallet', 'Splice.Wallet.Install:WalletAppInstall'],
  transferOffer: ['splice-wallet', 'Splice.Wallet.TransferOffer:TransferOffer'],
  acceptedTransferOffer: ['splice-wallet', 'Splice.Wallet.TransferOffer:AcceptedTransferOffer'],
  buyTrafficRequest: ['splice-wallet', 'Splice.Wallet.BuyTrafficRequest:BuyTrafficRequest'],
  preapprovalProposal: [
    'splice-wallet',
    'Splice.Wallet.TransferPreapproval:TransferPreapprovalProposal',
  ],
  mergeDelegationProposal: [
    'splice-util-token-standard-wallet',
    'Splice.Util.Token.Wallet.MergeDelegation:MergeDelegationProposal',
  ],
  mergeDelegation: [
    'splice-util-token-standard-wallet',
    'Splice.Util.Token.Wallet.MergeDelegation:MergeDelegation',
  ],
  transferFactory: ['splice-amulet', 'Splice.ExternalPartyAmuletRules:ExternalPartyAmuletRules'],
  topUpState: ['splice-wallet', 'Splice.Wallet.TopUpState:ValidatorTopUpState'],
} as const;

export type WalletTemplate = keyof typeof walletTemplates;

/** By qualified name: each module belongs to one package, which is checked after. */
const byName = new Map<string, WalletTemplate>(
  Object.entries(walletTemplates).map(([kind, [, name]]) => [name, kind as WalletTemplate]),
);

/** `Module:Entity` of a `packageId:Module:Entity` template id. */
export function qualifiedNameOf(templateId: string): string {
  return templateId.slice(templateId.indexOf(':') + 1);
}

/** Which wallet template a node's contract is, if any. */
export function walletTemplateOf(node: TransactionNode): WalletTemplate | undefined {
  const kind = byName.get(qualifiedNameOf(node.templateId));
  return kind !== undefined && walletTemplates[kind][0] === node.packageName ? kind : undefined;
}

/**
 * The parties a contract is filed under: a holding under its owner only (the DSO signs every
 * holding, and does not need an index of them), anything else under all its stakeholders.
 */
export function indexPartiesOf(kind: WalletTemplate, node: CreatedNode): readonly string[] {
  if (kind === 'amulet') return [payloadOf(amuletTemplates.Amulet, node.createArgument).owner];
  if (kind === 'lockedAmulet') {
    return [payloadOf(amuletTemplates.LockedAmulet, node.createArgument).amulet.owner];
  }
  return node.observers.length === 0
    ? node.signatories
    : [...new Set([...node.signatories, ...node.observers])];
}

/** `#package:Module:Entity`, the reference commands name a wallet template by. */
export function walletReference(kind: WalletTemplate): string {
  const [packageName, name] = walletTemplates[kind];
  return `#${packageName}:${name}`;
}
