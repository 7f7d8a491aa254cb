import type { Typed } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';

// The splice-amulet templates and data types the wallet, payment, name-service and DSO
// templates exercise. They belong to the amulet package; we name templates by reference
// and describe only the argument shapes we send, exactly as Splice spells them.

export const amuletReferences = {
  amuletRules: '#splice-amulet:Splice.AmuletRules:AmuletRules',
  amulet: '#splice-amulet:Splice.Amulet:Amulet',
  lockedAmulet: '#splice-amulet:Splice.Amulet:LockedAmulet',
  openMiningRound: '#splice-amulet:Splice.Round:OpenMiningRound',
  issuingMiningRound: '#splice-amulet:Splice.Round:IssuingMiningRound',
  closedMiningRound: '#splice-amulet:Splice.Round:ClosedMiningRound',
  featuredAppRight: '#splice-amulet:Splice.Amulet:FeaturedAppRight',
  validatorRight: '#splice-amulet:Splice.Amulet:ValidatorRight',
  memberTraffic: '#splice-amulet:Splice.DecentralizedSynchronizer:MemberTraffic',
  transferPreapproval: '#splice-amulet:Splice.AmuletRules:TransferPreapproval',
  externalPartySetupProposal: '#splice-amulet:Splice.AmuletRules:ExternalPartySetupProposal',
} as const;

const cid = (reference: string | null = null) => t.contractId(reference);

export type Round = { readonly number: string };
export const roundType: Typed<Round> = t.record({ number: t.int64() }, 'Splice.Types:Round');

export type TransferInput =
  | { readonly tag: 'InputAppRewardCoupon'; readonly value: string }
  | { readonly tag: 'InputValidatorRewardCoupon'; readonly value: string }
  | { readonly tag: 'InputSvRewardCoupon'; readonly value: string }
  | { readonly tag: 'InputAmulet'; readonly value: string }
  | {
      readonly tag: 'ExtTransferInput';
      readonly value: {
        readonly dummyUnitField: Readonly<Record<string, never>>;
        readonly optInputValidatorFaucetCoupon: string | null;
      };
    }
  | { readonly tag: 'InputValidatorLivenessActivityRecord'; readonly value: string }
  | { readonly tag: 'InputUnclaimedActivityRecord'; readonly value: string }
  | { readonly tag: 'InputDevelopmentFundCoupon'; readonly value: string }
  | { readonly tag: 'InputRewardCouponV2'; readonly value: string };

export const transferInputType: Typed<TransferInput> = t.variant(
  {
    InputAppRewardCoupon: cid('#splice-amulet:Splice.Amulet:AppRewardCoupon'),
    InputValidatorRewardCoupon: cid('#splice-amulet:Splice.Amulet:ValidatorRewardCoupon'),
    InputSvRewardCoupon: cid('#splice-amulet:Splice.Amulet:SvRewardCoupon'),
    InputAmulet: cid(amuletReferences.amulet),
    ExtTransferInput: t.record({
      dummyUnitField: t.unit(),
      optInputValidatorFaucetCoupon: t.optional(cid()),
    }),
    InputValidatorLivenessActivityRecord: cid(),
    InputUnclaimedActivityRecord: cid(),
    InputDevelopmentFundCoupon: cid(),
    InputRewardCouponV2: cid(),
  },
  'Splice.AmuletRules:TransferInput',
);

export type TransferContext = {
  readonly openMiningRound: string;
  readonly issuingMiningRounds: readonly (readonly [Round, string])[];
  readonly validatorRights: readonly (readonly [string, string])[];
  readonly featuredAppRight: string | null;
};

export const transferContextType: Typed<TransferContext> = t.record(
  {
    openMiningRound: cid(amuletReferences.openMiningRound),
    issuingMiningRounds: t.genMap(roundType, cid(amuletReferences.issuingMiningRound)),
    validatorRights: t.genMap(t.party(), cid(amuletReferences.validatorRight)),
    featuredAppRight: t.optional(cid(amuletReferences.featuredAppRight)),
  },
  'Splice.AmuletRules:TransferContext',
);

export type PaymentTransferContext = {
  readonly amuletRules: string;
  readonly context: TransferContext;
};

export const paymentTransferContextType: Typed<PaymentTransferContext> = t.record(
  { amuletRules: cid(amuletReferences.amuletRules), context: transferContextType },
  'Splice.AmuletRules:PaymentTransferContext',
);

export type AppTransferContext = {
  readonly amuletRules: string;
  readonly openMiningRound: string;
  readonly featuredAppRight: string | null;
};

export const appTransferContextType: Typed<AppTransferContext> = t.record(
  {
    amuletRules: cid(amuletReferences.amuletRules),
    openMiningRound: cid(amuletReferences.openMiningRound),
    featuredAppRight: t.optional(cid(amuletReferences.featuredAppRight)),
  },
  'Splice.AmuletRules:AppTransferContext',
);

export type TimeLock = {
  readonly holders: readonly string[];
  readonly expiresAt: string;
  readonly optContext: string | null;
};

export const timeLockType: Typed<TimeLock> = t.record(
  { holders: t.list(t.party()), expiresAt: t.time(), optContext: t.optional(t.text()) },
  'Splice.Expiry:TimeLock',
);

export type TransferOutput = {
  readonly receiver: string;
  readonly receiverFeeRatio: string;
  readonly amount: string;
  readonly lock: TimeLock | null;
};

export const transferOutputType: Typed<TransferOutput> = t.record(
  {
    receiver: t.party(),
    receiverFeeRatio: t.numeric(10),
    amount: t.numeric(10),
    lock: t.optional(timeLockType),
  },
  'Splice.AmuletRules:TransferOutput',
);

export type AppRewardBeneficiary = { readonly beneficiary: string; readonly weight: string };

export const appRewardBeneficiaryType: Typed<AppRewardBeneficiary> = t.record(
  { beneficiary: t.party(), weight: t.numeric(10) },
  'Splice.Api.FeaturedAppRightV1:AppRewardBeneficiary',
);

export type Transfer = {
  readonly sender: string;
  readonly provider: string;
  readonly inputs: readonly TransferInput[];
  readonly outputs: readonly TransferOutput[];
  readonly beneficiaries: readonly AppRewardBeneficiary[] | null;
};

export const transferType: Typed<Transfer> = t.record(
  {
    sender: t.party(),
    provider: t.party(),
    inputs: t.list(transferInputType),
    outputs: t.list(transferOutputType),
    beneficiaries: t.optional(t.list(appRewardBeneficiaryType)),
  },
  'Splice.AmuletRules:Transfer',
);

/** The argument of every choice by which a sender's wallet pays: coins in, round context, wallet. */
export const walletPaymentArgument = {
  inputs: t.list(transferInputType),
  context: paymentTransferContextType,
  walletProvider: t.party(),
};
