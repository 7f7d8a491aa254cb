import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { optionalType } from '../../token-standard/optional-type.ts';
import { spliceAmulet } from '../../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../../vocabulary/tied-to-splice.ts';
import { amuletTemplateId } from '../amulet-references.ts';
import { relTimeType, roundType } from '../types/base-types.ts';
import { issuanceConfigType, rewardConfigType, transferConfigType } from '../types/config-types.ts';

// Splice.Round: a round is open (rewards recorded against it), summarizing, issuing (its
// coupons mint) and closed (its leftover coupons expire).

const roundModule = 'Splice.Round';
const validRound = (payload: { readonly round: { readonly number: string } }) =>
  BigInt(payload.round.number) >= 0n || 'round number must not be negative';

const openMiningRoundFields = {
  dso: t.party(),
  round: roundType,
  amuletPrice: t.numeric(10),
  opensAt: t.time(),
  targetClosesAt: t.time(),
  issuingFor: relTimeType,
  transferConfigUsd: transferConfigType,
  issuanceConfig: issuanceConfigType,
  tickDuration: relTimeType,
  trafficPrice: optionalType(t.numeric(10)),
  rewardConfig: optionalType(rewardConfigType),
};

export const openMiningRoundPayloadType = t.record(
  openMiningRoundFields,
  `${roundModule}:OpenMiningRound`,
);

/** A round transfers use and rewards are recorded against, from `opensAt` on. */
export const openMiningRound = tiedToSplice(
  spliceAmulet['Splice.Round'].OpenMiningRound,
  defineTemplate({
    id: amuletTemplateId(roundModule, 'OpenMiningRound'),
    fields: openMiningRoundFields,
    signatories: ({ dso }) => [dso],
    ensure: validRound,
    choices: (choice) => ({
      OpenMiningRound_Fetch: choice({
        controllers: (_payload, { p }) => [p],
        consuming: false,
        argument: { p: t.party() },
        result: openMiningRoundPayloadType,
        body: (_tx, self) => self.payload,
      }),
    }),
  }),
  {},
);
export type OpenMiningRound = PayloadOf<typeof openMiningRound>;

export const summarizingMiningRound = tiedToSplice(
  spliceAmulet['Splice.Round'].SummarizingMiningRound,
  defineTemplate({
    id: amuletTemplateId(roundModule, 'SummarizingMiningRound'),
    fields: {
      dso: t.party(),
      round: roundType,
      amuletPrice: t.numeric(10),
      issuanceConfig: issuanceConfigType,
      tickDuration: relTimeType,
      trafficPrice: optionalType(t.numeric(10)),
      rewardConfig: optionalType(rewardConfigType),
    },
    signatories: ({ dso }) => [dso],
    ensure: validRound,
  }),
  {},
);
export type SummarizingMiningRound = PayloadOf<typeof summarizingMiningRound>;

const issuanceFields = {
  issuancePerValidatorRewardCoupon: t.numeric(10),
  issuancePerFeaturedAppRewardCoupon: t.numeric(10),
  issuancePerUnfeaturedAppRewardCoupon: t.numeric(10),
  issuancePerSvRewardCoupon: t.numeric(10),
};

/** A round whose coupons mint, from `opensAt` until it closes. */
export const issuingMiningRound = tiedToSplice(
  spliceAmulet['Splice.Round'].IssuingMiningRound,
  defineTemplate({
    id: amuletTemplateId(roundModule, 'IssuingMiningRound'),
    fields: {
      dso: t.party(),
      round: roundType,
      ...issuanceFields,
      opensAt: t.time(),
      targetClosesAt: t.time(),
      optIssuancePerValidatorFaucetCoupon: optionalType(t.numeric(10)),
    },
    signatories: ({ dso }) => [dso],
    ensure: validRound,
  }),
  {},
);
export type IssuingMiningRound = PayloadOf<typeof issuingMiningRound>;

/** Proof that a round is over, against which its unclaimed coupons expire. */
export const closedMiningRound = tiedToSplice(
  spliceAmulet['Splice.Round'].ClosedMiningRound,
  defineTemplate({
    id: amuletTemplateId(roundModule, 'ClosedMiningRound'),
    fields: {
      dso: t.party(),
      round: roundType,
      ...issuanceFields,
      optIssuancePerValidatorFaucetCoupon: optionalType(t.numeric(10)),
    },
    signatories: ({ dso }) => [dso],
    ensure: validRound,
  }),
  {},
);
export type ClosedMiningRound = PayloadOf<typeof closedMiningRound>;
