import type { CreatedNode, TransactionNode } from '@pocketnet/ledger';

// The templates of the wallet's apps (payments, subscriptions, names, delegations, allocations,
// development fund coupons), named by package and qualified name (`Module:Entity`), so every
// version of a package counts the same.

const payments = 'splice-wallet-payments';
const ans = 'splice-amulet-name-service';

const appTemplates = {
  appPaymentRequest: [payments, 'Splice.Wallet.Payment:AppPaymentRequest'],
  acceptedAppPayment: [payments, 'Splice.Wallet.Payment:AcceptedAppPayment'],
  subscriptionRequest: [payments, 'Splice.Wallet.Subscriptions:SubscriptionRequest'],
  subscriptionInitialPayment: [payments, 'Splice.Wallet.Subscriptions:SubscriptionInitialPayment'],
  subscription: [payments, 'Splice.Wallet.Subscriptions:Subscription'],
  subscriptionIdleState: [payments, 'Splice.Wallet.Subscriptions:SubscriptionIdleState'],
  subscriptionPayment: [payments, 'Splice.Wallet.Subscriptions:SubscriptionPayment'],
  terminatedSubscription: [payments, 'Splice.Wallet.Subscriptions:TerminatedSubscription'],
  ansRules: [ans, 'Splice.Ans:AnsRules'],
  ansEntryContext: [ans, 'Splice.Ans:AnsEntryContext'],
  ansEntry: [ans, 'Splice.Ans:AnsEntry'],
  dsoRules: ['splice-dso-governance', 'Splice.DsoRules:DsoRules'],
  mintingDelegationProposal: [
    'splice-wallet',
    'Splice.Wallet.MintingDelegation:MintingDelegationProposal',
  ],
  mintingDelegation: ['splice-wallet', 'Splice.Wallet.MintingDelegation:MintingDelegation'],
  amuletAllocation: ['splice-amulet', 'Splice.AmuletAllocation:AmuletAllocation'],
  developmentFundCoupon: ['splice-amulet', 'Splice.Amulet:DevelopmentFundCoupon'],
  validatorFaucetCoupon: ['splice-amulet', 'Splice.Amulet:ValidatorFaucetCoupon'],
} as const;

export type AppTemplate = keyof typeof appTemplates;

const byName = new Map<string, AppTemplate>(
  Object.entries(appTemplates).map(([kind, [, name]]) => [name, kind as AppTemplate]),
);

/** Which app template a node's contract is, if any. */
export function appTemplateOf(node: TransactionNode): AppTemplate | undefined {
  const kind = byName.get(node.templateId.slice(node.templateId.indexOf(':') + 1));
  return kind !== undefined && appTemplates[kind][0] === node.packageName ? kind : undefined;
}

/** `#package:Module:Entity`, the reference commands name an app template by. */
export function appReference(kind: AppTemplate): string {
  const [packageName, name] = appTemplates[kind];
  return `#${packageName}:${name}`;
}

/** A contract is filed under each of its stakeholders. */
export function stakeholdersOf(node: CreatedNode): readonly string[] {
  return [...new Set([...node.signatories, ...node.observers])];
}
