import type { Numeric } from '@pocketnet/ledger';
import { divNumeric, mulNumeric, numericOne } from '@pocketnet/ledger';

// Prices are USD per amulet (CC). Splice converts in two ways and the rounding differs, so both
// are kept: plain division for one-off amounts, and a scale factor `1 / price` for the
// transfer configuration (AmuletRules `scaleFees`), which is what holding-fee rates come from.

/** An amount in USD as amulet at `price`: `usd / price`. */
export function usdToAmulet(usd: Numeric, price: Numeric): Numeric {
  return divNumeric(usd, price);
}

/** An amount of amulet in USD at `price`: `amulet × price`. */
export function amuletToUsd(amulet: Numeric, price: Numeric): Numeric {
  return mulNumeric(amulet, price);
}

/** `1 / price`, rounded to Numeric 10: the factor AmuletRules scales USD fees by. */
export function amuletPerUsd(price: Numeric): Numeric {
  return divNumeric(numericOne, price);
}

/** A USD value of the transfer configuration in amulet: `(1 / price) × usd`, as `scaleFees`. */
export function scaleUsdToAmulet(usd: Numeric, price: Numeric): Numeric {
  return mulNumeric(amuletPerUsd(price), usd);
}
