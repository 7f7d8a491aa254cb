import type { Numeric } from '@pocketnet/ledger';
import { divNumeric, numericOne } from '@pocketnet/ledger';
import { roundsPerYear } from './issuance.ts';

/**
 * SpliceUtil's default holding fee: $1 per amulet per year spread over the rounds of a year,
 * `1 / roundsPerYear` USD per round (0.0000190259 at ten-minute ticks).
 */
export function defaultHoldingFeeUsdPerRound(tickMicros: bigint): Numeric {
  return divNumeric(numericOne, roundsPerYear(tickMicros));
}
