import { spliceVocabulary } from '@pocketnet/splice';

// The templates and interfaces runtime works with, by the generated vocabulary's names.

const { spliceAmulet, spliceWallet, spliceWalletPayments } = spliceVocabulary;
const transferInstructionApi =
  spliceVocabulary.spliceApiTokenTransferInstructionV1['Splice.Api.Token.TransferInstructionV1'];

export const walletInstall = spliceWallet['Splice.Wallet.Install'];

/** The choices of a user's WalletAppInstall, through which the validator acts for the user. */
export const walletInstallChoices = walletInstall.WalletAppInstall.choices;

export const amuletTransferInstruction =
  spliceAmulet['Splice.AmuletTransferInstruction'].AmuletTransferInstruction;

export const transferOfferTemplate = spliceWallet['Splice.Wallet.TransferOffer'].TransferOffer;

export const amuletTemplates = spliceAmulet['Splice.Amulet'];

export const amuletRulesTemplate = spliceAmulet['Splice.AmuletRules'].AmuletRules;

export const mergeDelegationTemplates =
  spliceVocabulary.spliceUtilTokenStandardWallet['Splice.Util.Token.Wallet.MergeDelegation'];

export const allocationFactory =
  spliceVocabulary.spliceApiTokenAllocationInstructionV1['Splice.Api.Token.AllocationInstructionV1']
    .AllocationFactory;
export const allocationInterface =
  spliceVocabulary.spliceApiTokenAllocationV1['Splice.Api.Token.AllocationV1'].Allocation;

export const mintingDelegationTemplates = spliceWallet['Splice.Wallet.MintingDelegation'];
export const ansRulesTemplate = spliceVocabulary.spliceAmuletNameService['Splice.Ans'].AnsRules;

export const transferPreapprovalTemplate = spliceAmulet['Splice.AmuletRules'].TransferPreapproval;

/** Choices by template, as exercised nodes name them. */
export const choicesOf = {
  amulet: spliceAmulet['Splice.Amulet'].Amulet.choices,
  lockedAmulet: spliceAmulet['Splice.Amulet'].LockedAmulet.choices,
  amuletRules: spliceAmulet['Splice.AmuletRules'].AmuletRules.choices,
  validatorLicense: spliceAmulet['Splice.ValidatorLicense'].ValidatorLicense.choices,
  transferPreapproval: spliceAmulet['Splice.AmuletRules'].TransferPreapproval.choices,
  transferOffer: spliceWallet['Splice.Wallet.TransferOffer'].TransferOffer.choices,
  acceptedTransferOffer: spliceWallet['Splice.Wallet.TransferOffer'].AcceptedTransferOffer.choices,
  buyTrafficRequest: spliceWallet['Splice.Wallet.BuyTrafficRequest'].BuyTrafficRequest.choices,
  transferPreapprovalProposal:
    spliceWallet['Splice.Wallet.TransferPreapproval'].TransferPreapprovalProposal.choices,
  appPaymentRequest: spliceWalletPayments['Splice.Wallet.Payment'].AppPaymentRequest.choices,
  subscriptionRequest:
    spliceWalletPayments['Splice.Wallet.Subscriptions'].SubscriptionRequest.choices,
  subscriptionIdleState:
    spliceWalletPayments['Splice.Wallet.Subscriptions'].SubscriptionIdleState.choices,
  transferFactory: transferInstructionApi.TransferFactory.choices,
  transferInstruction: transferInstructionApi.TransferInstruction.choices,
} as const;

/** The names of choices, as an exercised node's `choice` carries them. */
export const choiceNames = (...choices: readonly { readonly name: string }[]): string[] =>
  choices.map((choice) => choice.name);

export const roundTemplates = spliceAmulet['Splice.Round'];
export const externalPartyConfigStateTemplate =
  spliceAmulet['Splice.ExternalPartyConfigState'].ExternalPartyConfigState;
export const externalPartyAmuletRulesTemplates = spliceAmulet['Splice.ExternalPartyAmuletRules'];
export const dsoRulesTemplates = spliceVocabulary.spliceDsoGovernance['Splice.DsoRules'];
export const ansTemplates = spliceVocabulary.spliceAmuletNameService['Splice.Ans'];
export const subscriptionTemplates = spliceWalletPayments['Splice.Wallet.Subscriptions'];
export const featuredAppRightTemplate = amuletTemplates.FeaturedAppRight;
export const validatorLicenseTemplates = spliceAmulet['Splice.ValidatorLicense'];
export const livenessActivityRecordTemplate =
  validatorLicenseTemplates.ValidatorLivenessActivityRecord;
export const buyTrafficRequestTemplate =
  spliceWallet['Splice.Wallet.BuyTrafficRequest'].BuyTrafficRequest;
export const amuletRulesChoices = amuletRulesTemplate.choices;
export const dsoRulesTemplate = dsoRulesTemplates.DsoRules;
export const svNodeStateTemplate =
  spliceVocabulary.spliceDsoGovernance['Splice.DSO.SvState'].SvNodeState;
export const externalPartySetupProposalTemplate =
  spliceAmulet['Splice.AmuletRules'].ExternalPartySetupProposal;
export const transferPreapprovalProposalTemplate =
  spliceWallet['Splice.Wallet.TransferPreapproval'].TransferPreapprovalProposal;
export const paymentTemplates = spliceWalletPayments['Splice.Wallet.Payment'];
export const amuletAllocationTemplate = spliceAmulet['Splice.AmuletAllocation'].AmuletAllocation;
export const acceptedTransferOfferTemplate =
  spliceWallet['Splice.Wallet.TransferOffer'].AcceptedTransferOffer;
export const topUpStateTemplate = spliceWallet['Splice.Wallet.TopUpState'].ValidatorTopUpState;
export const memberTrafficTemplate = spliceAmulet['Splice.DecentralizedSynchronizer'].MemberTraffic;
