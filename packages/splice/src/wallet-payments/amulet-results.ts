import type { Typed } from '@pocketnet/ledger';
import { t } from '@pocketnet/ledger';
import type { Round } from './amulet-types.ts';
import { amuletReferences, roundType } from './amulet-types.ts';

// Result shapes of the splice-amulet choices whose results our choices pass on.

export type Metadata = { readonly values: Readonly<Record<string, string>> };

export const metadataType: Typed<Metadata> = t.record(
  { values: t.textMap(t.text()) },
  'Splice.Api.Token.MetadataV1:Metadata',
);

export type BalanceChange = {
  readonly changeToInitialAmountAsOfRoundZero: string;
  readonly changeToHoldingFeesRate: string;
};

const balanceChangeType: Typed<BalanceChange> = t.record(
  { changeToInitialAmountAsOfRoundZero: t.numeric(10), changeToHoldingFeesRate: t.numeric(10) },
  'Splice.AmuletRules:BalanceChange',
);

export type TransferSummary = {
  readonly inputAppRewardAmount: string;
  readonly inputValidatorRewardAmount: string;
  readonly inputSvRewardAmount: string;
  readonly inputAmuletAmount: string;
  readonly balanceChanges: readonly (readonly [string, BalanceChange])[];
  readonly holdingFees: string;
  readonly outputFees: readonly string[];
  readonly senderChangeFee: string;
  readonly senderChangeAmount: string;
  readonly amuletPrice: string;
  readonly inputValidatorFaucetAmount: string | null;
  readonly inputUnclaimedActivityRecordAmount: string | null;
  readonly inputDevelopmentFundAmount: string | null;
};

export const transferSummaryType: Typed<TransferSummary> = t.record(
  {
    inputAppRewardAmount: t.numeric(10),
    inputValidatorRewardAmount: t.numeric(10),
    inputSvRewardAmount: t.numeric(10),
    inputAmuletAmount: t.numeric(10),
    balanceChanges: t.genMap(t.party(), balanceChangeType),
    holdingFees: t.numeric(10),
    outputFees: t.list(t.numeric(10)),
    senderChangeFee: t.numeric(10),
    senderChangeAmount: t.numeric(10),
    amuletPrice: t.numeric(10),
    inputValidatorFaucetAmount: t.optional(t.numeric(10)),
    inputUnclaimedActivityRecordAmount: t.optional(t.numeric(10)),
    inputDevelopmentFundAmount: t.optional(t.numeric(10)),
  },
  'Splice.AmuletRules:TransferSummary',
);

export type CreatedAmulet =
  | { readonly tag: 'TransferResultAmulet'; readonly value: string }
  | { readonly tag: 'TransferResultLockedAmulet'; readonly value: string }
  | {
      readonly tag: 'ExtCreatedAmulet';
      readonly value: { readonly dummyUnitField: Readonly<Record<string, never>> };
    };

export const createdAmuletType: Typed<CreatedAmulet> = t.variant(
  {
    TransferResultAmulet: t.contractId(amuletReferences.amulet),
    TransferResultLockedAmulet: t.contractId(amuletReferences.lockedAmulet),
    ExtCreatedAmulet: t.record({ dummyUnitField: t.unit() }),
  },
  'Splice.AmuletRules:CreatedAmulet',
);

export type TransferResult = {
  readonly round: Round;
  readonly summary: TransferSummary;
  readonly createdAmulets: readonly CreatedAmulet[];
  readonly senderChangeAmulet: string | null;
  readonly meta: Metadata | null;
};

export const transferResultType: Typed<TransferResult> = t.record(
  {
    round: roundType,
    summary: transferSummaryType,
    createdAmulets: t.list(createdAmuletType),
    senderChangeAmulet: t.optional(t.contractId(amuletReferences.amulet)),
    meta: t.optional(metadataType),
  },
  'Splice.AmuletRules:TransferResult',
);

export type AmuletCreateSummary = {
  readonly amulet: string;
  readonly amuletPrice: string;
  readonly round: Round;
};

export const amuletCreateSummaryType: Typed<AmuletCreateSummary> = t.record(
  { amulet: t.contractId(amuletReferences.amulet), amuletPrice: t.numeric(10), round: roundType },
  'Splice.Amulet:AmuletCreateSummary',
);
