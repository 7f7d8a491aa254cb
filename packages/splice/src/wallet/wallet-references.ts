import type { TemplateId } from '@pocketnet/ledger';

export const walletPackageName = 'splice-wallet';

const reference = (module: string, entity: string) =>
  `#${walletPackageName}:Splice.Wallet.${module}:${entity}`;

/** `#package:Module:Entity` references of the splice-wallet templates. */
export const walletReferences = {
  walletAppInstall: reference('Install', 'WalletAppInstall'),
  transferOffer: reference('TransferOffer', 'TransferOffer'),
  acceptedTransferOffer: reference('TransferOffer', 'AcceptedTransferOffer'),
  buyTrafficRequest: reference('BuyTrafficRequest', 'BuyTrafficRequest'),
  transferPreapprovalProposal: reference('TransferPreapproval', 'TransferPreapprovalProposal'),
  mintingDelegation: reference('MintingDelegation', 'MintingDelegation'),
  mintingDelegationProposal: reference('MintingDelegation', 'MintingDelegationProposal'),
} as const;

export function walletTemplateId(module: string, entity: string): TemplateId {
  return { packageName: walletPackageName, module: `Splice.Wallet.${module}`, entity };
}
