import { parseTime } from '@pocketnet/ledger';
import { accruedHoldingFee } from '@pocketnet/splice';
import type { WalletContract } from '../wallet/wallet-contracts.projection.ts';
import { amuletOf, expiringAmountOf } from '../wallet/wallet-views.ts';

/** A Daml Time in µs; null when malformed. */
export const microsOf = (time: string): bigint | null => parseTime(time);

/** An amulet's amount net of the holding fee accrued by `round`, Numeric 10. */
export function effectiveAmountOf(amulet: Pick<WalletContract, 'kind' | 'node'>, round: bigint) {
  const amount = expiringAmountOf(amuletOf(amulet));
  return amount.initialAmount - accruedHoldingFee(amount, round);
}

/** A job id part: BullMQ ids may not hold `:`, party ids are full of them. */
export const idPart = (text: string) => text.replaceAll(':', '~');
