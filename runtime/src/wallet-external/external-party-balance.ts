import { formatNumeric } from '@pocketnet/ledger';
import { accruedHoldingFee } from '@pocketnet/splice';
import type { Wallet } from '../wallet/create-wallet.ts';
import { amuletOf, expiringAmountOf } from '../wallet/wallet-views.ts';

export type ExternalPartyBalance = {
  readonly partyId: string;
  readonly totalUnlockedCoin: string;
  readonly totalLockedCoin: string;
  readonly totalCoinHoldings: string;
  readonly accumulatedHoldingFeesUnlocked: string;
  readonly accumulatedHoldingFeesLocked: string;
  readonly accumulatedHoldingFeesTotal: string;
  /** Unlocked holdings less their fees. */
  readonly totalAvailableCoin: string;
  readonly computedAsOfRound: bigint;
};

/** `GET /v0/admin/external-party/balance`: a party's holdings and holding fees at the open round. */
export function externalPartyBalance(wallet: Wallet, party: string): ExternalPartyBalance {
  const round = wallet.network.roundNumberOf(wallet.network.openRound());
  const sum = (amounts: readonly ReturnType<typeof expiringAmountOf>[]) => ({
    total: amounts.reduce((total, amount) => total + amount.initialAmount, 0n),
    fees: amounts.reduce((total, amount) => total + accruedHoldingFee(amount, round), 0n),
  });
  const unlocked = sum(
    wallet.contracts.of(party, 'amulet').map((amulet) => expiringAmountOf(amuletOf(amulet))),
  );
  const locked = sum(
    wallet.contracts
      .of(party, 'lockedAmulet')
      .map((holding) => expiringAmountOf(amuletOf(holding))),
  );
  return {
    partyId: party,
    totalUnlockedCoin: formatNumeric(unlocked.total),
    totalLockedCoin: formatNumeric(locked.total),
    totalCoinHoldings: formatNumeric(unlocked.total + locked.total),
    accumulatedHoldingFeesUnlocked: formatNumeric(unlocked.fees),
    accumulatedHoldingFeesLocked: formatNumeric(locked.fees),
    accumulatedHoldingFeesTotal: formatNumeric(unlocked.fees + locked.fees),
    totalAvailableCoin: formatNumeric(unlocked.total - unlocked.fees),
    computedAsOfRound: round,
  };
}
