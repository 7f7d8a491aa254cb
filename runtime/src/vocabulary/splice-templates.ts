import { spliceVocabulary } from '@pocketnet/splice';

// The templates runtime works with, by the generated vocabulary's names (short names for the
// modules the runtime reads most).

export const walletInstall = spliceVocabulary.spliceWallet['Splice.Wallet.Install'];
export const walletTransferOffer = spliceVocabulary.spliceWallet['Splice.Wallet.TransferOffer'];
export const amulet = spliceVocabulary.spliceAmulet['Splice.Amulet'];
export const amuletRules = spliceVocabulary.spliceAmulet['Splice.AmuletRules'];
export const transferInstructionV1 =
  spliceVocabulary.spliceApiTokenTransferInstructionV1['Splice.Api.Token.TransferInstructionV1'];

/** The choices of a user's WalletAppInstall, through which the validator acts for the user. */
export const walletInstallChoices = walletInstall.WalletAppInstall.choices;

export const amuletTransferInstruction =
  spliceVocabulary.spliceAmulet['Splice.AmuletTransferInstruction'].AmuletTransferInstruction;
