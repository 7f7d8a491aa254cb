import type { PayloadOf } from '@pocketnet/ledger';
import { defineTemplate, t } from '@pocketnet/ledger';
import { amuletTemplateId } from '../amulet-references.ts';
import { numeric } from '../support/values.ts';

const maxMarkerWeight = numeric('10000');

/** The right of an application provider to earn featured app rewards. */
export const featuredAppRight = defineTemplate({
  id: amuletTemplateId('Splice.Amulet', 'FeaturedAppRight'),
  fields: { dso: t.party(), provider: t.party() },
  signatories: ({ dso }) => [dso],
  observers: ({ provider }) => [provider],
  choices: (choice) => ({
    FeaturedAppRight_Withdraw: choice({
      controllers: ({ dso }) => [dso],
      argument: { reason: t.text() },
      result: t.record({}, 'Splice.Amulet:FeaturedAppRight_WithdrawResult'),
      body: () => ({}),
    }),
    FeaturedAppRight_Cancel: choice({
      controllers: ({ provider }) => [provider],
      argument: {},
      result: t.record({}, 'Splice.Amulet:FeaturedAppRight_CancelResult'),
      body: () => ({}),
    }),
  }),
});
export type FeaturedAppRight = PayloadOf<typeof featuredAppRight>;

/** Featured activity of a provider that SV automation turns into an AppRewardCoupon. */
export const featuredAppActivityMarker = defineTemplate({
  id: amuletTemplateId('Splice.Amulet', 'FeaturedAppActivityMarker'),
  fields: { dso: t.party(), provider: t.party(), beneficiary: t.party(), weight: t.numeric(10) },
  signatories: ({ dso }) => [dso],
  observers: ({ provider, beneficiary }) => [provider, beneficiary],
  ensure: ({ weight }) => {
    const value = numeric(weight);
    return (value > 0n && value <= maxMarkerWeight) || 'weight must be in (0, 10000]';
  },
});
export type FeaturedAppActivityMarker = PayloadOf<typeof featuredAppActivityMarker>;
