import type { Numeric } from '@pocketnet/ledger';
import { divNumeric, mulNumeric, numericFromInt, parseNumeric } from '@pocketnet/ledger';

const microsPerDay = 86_400_000_000n;

/** AmuletConfig's default transferPreapprovalFee: $1 per year as a daily rate. */
export const defaultTransferPreapprovalFeeUsdPerDay: Numeric = parseNumeric('0.00274');
/** AmuletConfig's default transferPreapprovalBaseDuration (amulet 0.1.20): 90 days are free. */
export const defaultTransferPreapprovalBaseDurationMicros: bigint = 90n * microsPerDay;

export type PreapprovalFee = { readonly usd: Numeric; readonly amulet: Numeric };

/**
 * What keeping a TransferPreapproval for `durationMicros` more costs: the days beyond the free
 * base duration times the daily USD fee, in amulet at `amuletPrice`. Zero within the base.
 */
export function transferPreapprovalFee(options: {
  readonly durationMicros: bigint;
  readonly amuletPrice: Numeric;
  readonly feeUsdPerDay?: Numeric;
  readonly baseDurationMicros?: bigint;
}): PreapprovalFee {
  const base = options.baseDurationMicros ?? defaultTransferPreapprovalBaseDurationMicros;
  const paidMicros = options.durationMicros - base;
  if (paidMicros <= 0n) return { usd: 0n, amulet: 0n };
  const days = divNumeric(numericFromInt(paidMicros), numericFromInt(microsPerDay));
  const usd = mulNumeric(days, options.feeUsdPerDay ?? defaultTransferPreapprovalFeeUsdPerDay);
  return { usd, amulet: divNumeric(usd, options.amuletPrice) };
}
