import type { PayloadOf, TransactionContext } from '@pocketnet/ledger';
import { defineTemplate, formatNumeric, numericOne, t } from '@pocketnet/ledger';
import {
  type AppRewardBeneficiaryV1,
  featuredAppActivityMarkerV1Interface,
  featuredAppRightV1Interface,
} from '../../featured-app/featured-app-right-v1.ts';
import { soleConstructor } from '../../vocabulary/sole-constructor.ts';
import { spliceAmulet } from '../../vocabulary/splice-vocabulary.generated.ts';
import { tiedToSplice } from '../../vocabulary/tied-to-splice.ts';
import { amuletTemplateId } from '../amulet-references.ts';
import { numeric } from '../support/values.ts';

const maxMarkerWeight = numeric('10000');
const maxBeneficiaries = 20;

const requirement = (tx: TransactionContext, message: string, holds: boolean) => {
  if (!holds) tx.fail(`The requirement '${message}' was not met.`);
};

/** Splice's fair use of a marker: weights in (0, 1] adding up to 1, at most 20 beneficiaries. */
function validateBeneficiaries(
  tx: TransactionContext,
  beneficiaries: readonly AppRewardBeneficiaryV1[],
) {
  const weights = beneficiaries.map(({ weight }) => numeric(weight));
  requirement(
    tx,
    'Beneficiary weights are between 0.0 and 1.0',
    weights.every((weight) => weight > 0n && weight <= numericOne),
  );
  requirement(
    tx,
    'Beneficiary weights add up to 1.0',
    weights.reduce((sum, weight) => sum + weight, 0n) === numericOne,
  );
  requirement(tx, 'There are at most 20 beneficiaries', beneficiaries.length <= maxBeneficiaries);
}

/** The weights per beneficiary, a party named twice getting the sum, in party order. */
function groupedByBeneficiary(beneficiaries: readonly AppRewardBeneficiaryV1[]) {
  const weights = new Map<string, bigint>();
  for (const { beneficiary, weight } of beneficiaries) {
    weights.set(beneficiary, (weights.get(beneficiary) ?? 0n) + numeric(weight));
  }
  return [...weights].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
}

/** The right of an application provider to earn featured app rewards. */
export const featuredAppRight = tiedToSplice(
  spliceAmulet['Splice.Amulet'].FeaturedAppRight,
  defineTemplate({
    id: amuletTemplateId('Splice.Amulet', 'FeaturedAppRight'),
    fields: { dso: t.party(), provider: t.party() },
    signatories: ({ dso }) => [dso],
    observers: ({ provider }) => [provider],
    choices: (choice) => ({
      FeaturedAppRight_Withdraw: choice({
        controllers: ({ dso }) => [dso],
        argument: { reason: t.text() },
        result: soleConstructor('Splice.Amulet', 'FeaturedAppRight_WithdrawResult'),
        body: () => 'FeaturedAppRight_WithdrawResult' as const,
      }),
      FeaturedAppRight_Cancel: choice({
        controllers: ({ provider }) => [provider],
        argument: {},
        result: soleConstructor('Splice.Amulet', 'FeaturedAppRight_CancelResult'),
        body: () => 'FeaturedAppRight_CancelResult' as const,
      }),
    }),
    implements: (implement) => [
      implement(featuredAppRightV1Interface, {
        view: ({ dso, provider }) => ({ dso, provider }),
        choices: {
          // One marker per beneficiary, which the DSO's automation turns into an AppRewardCoupon.
          FeaturedAppRight_CreateActivityMarker: (tx, self, { beneficiaries }) => {
            validateBeneficiaries(tx, beneficiaries);
            const { dso, provider } = self.payload;
            const activityMarkerCids = groupedByBeneficiary(beneficiaries).map(
              ([beneficiary, weight]) =>
                tx.create(featuredAppActivityMarker, {
                  dso,
                  provider,
                  beneficiary,
                  weight: formatNumeric(weight),
                }),
            );
            return { activityMarkerCids };
          },
        },
      }),
    ],
  }),
  {},
);
export type FeaturedAppRight = PayloadOf<typeof featuredAppRight>;

/** Featured activity of a provider that SV automation turns into an AppRewardCoupon. */
export const featuredAppActivityMarker = tiedToSplice(
  spliceAmulet['Splice.Amulet'].FeaturedAppActivityMarker,
  defineTemplate({
    id: amuletTemplateId('Splice.Amulet', 'FeaturedAppActivityMarker'),
    fields: { dso: t.party(), provider: t.party(), beneficiary: t.party(), weight: t.numeric(10) },
    signatories: ({ dso }) => [dso],
    observers: ({ provider, beneficiary }) => [provider, beneficiary],
    ensure: ({ weight }) => {
      const value = numeric(weight);
      return (value > 0n && value <= maxMarkerWeight) || 'weight must be in (0, 10000]';
    },
    implements: (implement) => [
      implement(featuredAppActivityMarkerV1Interface, {
        view: ({ dso, provider, beneficiary, weight }) => ({ dso, provider, beneficiary, weight }),
      }),
    ],
  }),
  {},
);
export type FeaturedAppActivityMarker = PayloadOf<typeof featuredAppActivityMarker>;
