import type { Numeric, TransactionContext } from '@pocketnet/ledger';
import { mulNumeric } from '@pocketnet/ledger';
import { decimal, numeric, one } from '../support/values.ts';
import { featuredAppActivityMarker } from '../templates/featured-app.ts';
import { appRewardCoupon } from '../templates/reward-coupons.ts';
import type { AppRewardBeneficiary } from '../types/transfer-types.ts';
import type { TransferContextSummary } from './transfer-context.ts';

const maxBeneficiaries = 20;

/** Splice's validateAppRewardBeneficiaries: at most 20, weights in (0, 1] summing to 1. */
function beneficiaryWeights(
  tx: TransactionContext,
  beneficiaries: readonly AppRewardBeneficiary[],
): Map<string, Numeric> {
  const weights = beneficiaries.map(({ weight }) => numeric(weight));
  if (!weights.every((weight) => weight > 0n && weight <= one)) {
    tx.fail('Beneficiary weights are between 0.0 and 1.0');
  }
  if (weights.reduce((sum, weight) => sum + weight, 0n) !== one)
    tx.fail('Beneficiary weights add up to 1.0');
  if (beneficiaries.length > maxBeneficiaries) tx.fail('There are at most 20 beneficiaries');
  const grouped = new Map<string, Numeric>();
  beneficiaries.forEach(({ beneficiary }, index) => {
    grouped.set(beneficiary, (grouped.get(beneficiary) ?? 0n) + (weights[index] ?? 0n));
  });
  return new Map([...grouped.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The app rewards of a transfer (Splice's issueRewards). No fees means no usage to reward, so
 * only featured transfers earn: an AppRewardCoupon of `extraFeaturedAppRewardAmount / price`
 * per beneficiary (by weight) for the open round the transfer uses, as the seed specifies for
 * featured preapproval transfers. Without an open-round price (external-party transfers) the
 * transfer records FeaturedAppActivityMarkers instead, which the DSO converts later.
 */
export function issueAppRewards(
  tx: TransactionContext,
  csum: TransferContextSummary,
  transfer: {
    readonly provider: string;
    readonly beneficiaries: readonly AppRewardBeneficiary[] | null;
  },
): void {
  const { provider } = transfer;
  const beneficiaries = transfer.beneficiaries ?? [{ beneficiary: provider, weight: decimal(one) }];
  const weights = beneficiaryWeights(tx, beneficiaries);
  if (csum.featuredAppProvider !== provider) return;
  const extra = csum.extraFeaturedAppRewardAmount;
  for (const [beneficiary, weight] of weights) {
    if (extra === null) {
      tx.create(featuredAppActivityMarker, {
        dso: csum.dso,
        provider,
        beneficiary,
        weight: decimal(weight),
      });
    } else if (extra > 0n) {
      tx.create(appRewardCoupon, {
        dso: csum.dso,
        provider,
        featured: true,
        amount: decimal(mulNumeric(extra, weight)),
        round: csum.round,
        beneficiary,
      });
    }
  }
}
