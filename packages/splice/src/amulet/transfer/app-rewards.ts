import type { Numeric, TransactionContext } from '@pocketnet/ledger';
import { decimal, numeric, one } from '../support/values.ts';
import { featuredAppActivityMarker } from '../templates/featured-app.ts';
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
 * The app rewards of a transfer (Splice's issueRewards, as splice-amulet 0.1.20 has it): no fees
 * means no usage to reward, so only featured transfers earn, and they earn
 * FeaturedAppActivityMarkers per beneficiary (by weight) whichever context prices the transfer.
 * The DSO converts the markers into AppRewardCoupons; 0.1.20's transfers create no coupon
 * themselves.
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
  for (const [beneficiary, weight] of weights) {
    tx.create(featuredAppActivityMarker, {
      dso: csum.dso,
      provider,
      beneficiary,
      weight: decimal(weight),
    });
  }
}
