import type { Numeric } from '@pocketnet/ledger';
import { divNumeric, mulNumeric, numericFromInt } from '@pocketnet/ledger';

export type TrafficCost = { readonly usd: Numeric; readonly amulet: Numeric };

const bytesPerMegabyte = numericFromInt(1_000_000);

/**
 * The price of extra synchronizer traffic (AmuletRules computeSynchronizerFees):
 * `bytes / 1e6 × extraTrafficPrice` USD, which costs `usd / amuletPrice` amulet.
 */
export function trafficCost(options: {
  readonly bytes: bigint;
  readonly extraTrafficPriceUsdPerMegabyte: Numeric;
  readonly amuletPrice: Numeric;
}): TrafficCost {
  const megabytes = divNumeric(numericFromInt(options.bytes), bytesPerMegabyte);
  const usd = mulNumeric(megabytes, options.extraTrafficPriceUsdPerMegabyte);
  return { usd, amulet: divNumeric(usd, options.amuletPrice) };
}
