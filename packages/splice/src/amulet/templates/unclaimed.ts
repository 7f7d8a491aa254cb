import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { spliceAmulet } from '../../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../../vocabulary/tied-to-splice.ts';
import { amuletTemplateId } from '../amulet-references.ts';
import { numeric } from '../support/values.ts';

// What nobody minted: rewards left unclaimed (at the DSO's disposal), the development fund's
// share (CIP-82), and amounts the DSO granted to a beneficiary out of them.

const positiveAmount = ({ amount }: { readonly amount: string }) =>
  numeric(amount) > 0n || 'amount must be positive';

export const unclaimedReward = tiedToSplice(
  spliceAmulet['Splice.Amulet'].UnclaimedReward,
  defineTemplate({
    id: amuletTemplateId('Splice.Amulet', 'UnclaimedReward'),
    fields: { dso: t.party(), amount: t.numeric(10) },
    signatories: ({ dso }) => [dso],
    ensure: positiveAmount,
  }),
  {},
);
export type UnclaimedReward = PayloadOf<typeof unclaimedReward>;

export const unclaimedDevelopmentFundCoupon = tiedToSplice(
  spliceAmulet['Splice.Amulet'].UnclaimedDevelopmentFundCoupon,
  defineTemplate({
    id: amuletTemplateId('Splice.Amulet', 'UnclaimedDevelopmentFundCoupon'),
    fields: { dso: t.party(), amount: t.numeric(10) },
    signatories: ({ dso }) => [dso],
    ensure: positiveAmount,
  }),
  {},
);

/** An amount a beneficiary may mint as a transfer input until `expiresAt`. */
export const unclaimedActivityRecord = tiedToSplice(
  spliceAmulet['Splice.Amulet'].UnclaimedActivityRecord,
  defineTemplate({
    id: amuletTemplateId('Splice.Amulet', 'UnclaimedActivityRecord'),
    fields: {
      dso: t.party(),
      beneficiary: t.party(),
      amount: t.numeric(10),
      reason: t.text(),
      expiresAt: t.time(),
    },
    signatories: ({ dso }) => [dso],
    observers: ({ beneficiary }) => [beneficiary],
    ensure: positiveAmount,
  }),
  {
    lacks: {
      UnclaimedActivityRecord_DsoExpire:
        'our DSO automation does not expire unclaimed activity records (the development fund is not modelled)',
    },
  },
);
export type UnclaimedActivityRecord = PayloadOf<typeof unclaimedActivityRecord>;

/** A development fund grant the beneficiary may mint as a transfer input until `expiresAt`. */
export const developmentFundCoupon = tiedToSplice(
  spliceAmulet['Splice.Amulet'].DevelopmentFundCoupon,
  defineTemplate({
    id: amuletTemplateId('Splice.Amulet', 'DevelopmentFundCoupon'),
    fields: {
      dso: t.party(),
      beneficiary: t.party(),
      fundManager: t.party(),
      amount: t.numeric(10),
      expiresAt: t.time(),
      reason: t.text(),
    },
    signatories: ({ dso }) => [dso],
    observers: ({ beneficiary, fundManager }) => [beneficiary, fundManager],
    ensure: positiveAmount,
  }),
  {
    lacks: {
      DevelopmentFundCoupon_Withdraw:
        'the development fund is not modelled: no coupon is ever created',
      DevelopmentFundCoupon_Reject:
        'the development fund is not modelled: no coupon is ever created',
      DevelopmentFundCoupon_DsoExpire:
        'the development fund is not modelled: no coupon is ever created',
    },
  },
);
export type DevelopmentFundCoupon = PayloadOf<typeof developmentFundCoupon>;
