import { DomainError, formatNumeric, numericScale, parseNumeric } from '@pocketnet/ledger';
import { accruedHoldingFee } from '@pocketnet/splice';
import type { Caller } from '../services/caller.ts';
import { roundTemplates } from '../vocabulary/splice-templates.ts';
import { payloadOf } from '../vocabulary/typed-commands.ts';
import type { NetworkContext } from './network-context.ts';
import type { UserWallet, WalletAccess } from './wallet-access.ts';
import type { WalletActions } from './wallet-batch.ts';
import type { WalletContracts } from './wallet-contracts.projection.ts';
import { type AmuletPosition, amuletOf, amuletPosition, expiringAmountOf } from './wallet-views.ts';

export type WalletBalance = {
  readonly round: bigint;
  readonly effectiveUnlockedQty: string;
  readonly effectiveLockedQty: string;
  readonly totalHoldingFees: string;
};

const decimalsOf = (amount: string) => Math.min(amount.split('.')[1]?.length ?? 0, numericScale);

/**
 * The amulet a tap of `usd` gives at `price`: `usd / price` rounded up, kept at the scale the
 * amount was written with, as Splice's BigDecimal division does.
 */
export function tapAmountOf(usd: string, price: string): bigint {
  const decimals = decimalsOf(usd);
  const step = 10n ** BigInt(numericScale - decimals);
  const numerator = parseNumeric(usd) * 10n ** BigInt(decimals);
  const denominator = parseNumeric(price);
  const quotient = (numerator + denominator - 1n) / denominator;
  return quotient * step;
}

/** Balance, holdings and the devnet faucet of a wallet. */
export function createBalances(deps: {
  readonly contracts: WalletContracts;
  readonly network: NetworkContext;
  readonly access: WalletAccess;
  readonly actions: WalletActions;
}) {
  const { contracts, network, access, actions } = deps;
  const currentRound = () => network.roundNumberOf(network.openRound());

  const balanceOf = (party: string): WalletBalance => {
    const round = currentRound();
    let unlocked = 0n;
    let fees = 0n;
    for (const amulet of contracts.of(party, 'amulet')) {
      const amount = expiringAmountOf(amuletOf(amulet));
      unlocked += amount.initialAmount;
      fees += accruedHoldingFee(amount, round);
    }
    let locked = 0n;
    for (const holding of contracts.of(party, 'lockedAmulet')) {
      locked += expiringAmountOf(amuletOf(holding)).initialAmount;
    }
    return {
      round,
      effectiveUnlockedQty: formatNumeric(unlocked),
      effectiveLockedQty: formatNumeric(locked),
      totalHoldingFees: formatNumeric(fees),
    };
  };

  /** Taps `amount` amulet (not USD) into the wallet; the new amulet's contract id. */
  const tapAmulet = async (wallet: UserWallet, amount: bigint, deduplicationKey?: string) => {
    const { outcomes } = await actions.executeBatch(
      wallet,
      [{ tag: 'CO_Tap', value: { tapAmount: formatNumeric(amount) } }],
      { inputs: [], ...(deduplicationKey === undefined ? {} : { deduplicationKey }) },
    );
    return String(outcomes[0]?.value);
  };

  const service = {
    balanceOf,
    tapAmulet,
    balance: (caller: Caller): WalletBalance => balanceOf(access.walletOf(caller).party),
    amulets(caller: Caller): { amulets: AmuletPosition[]; lockedAmulets: AmuletPosition[] } {
      const { party } = access.walletOf(caller);
      const round = currentRound();
      return {
        amulets: contracts.of(party, 'amulet').map((amulet) => amuletPosition(amulet, round)),
        lockedAmulets: contracts
          .of(party, 'lockedAmulet')
          .map((holding) => amuletPosition(holding, round)),
      };
    },
    /** `POST /v0/wallet/tap`: `amountUsd` worth of amulet at the open round's price (devnet). */
    async tap(caller: Caller, request: { amountUsd: string; commandId?: string | undefined }) {
      const wallet = access.walletOf(caller);
      if (parseNumeric(request.amountUsd) <= 0n) {
        throw new DomainError('INVALID_ARGUMENT', 'The amount to tap must be positive');
      }
      const price = payloadOf(
        roundTemplates.OpenMiningRound,
        network.openRound().createArgument,
      ).amuletPrice;
      const amount = tapAmountOf(request.amountUsd, price);
      const key =
        request.commandId === undefined ? undefined : `tap:${wallet.party}:${request.commandId}`;
      return { contractId: await tapAmulet(wallet, amount, key) };
    },
  };
  return service satisfies Balances;
}

export interface Balances {
  balance: (caller: Caller) => WalletBalance;
  amulets(caller: Caller): {
    amulets: AmuletPosition[];
    lockedAmulets: AmuletPosition[];
  };
  /** `POST /v0/wallet/tap`: `amountUsd` worth of amulet at the open round's price (devnet). */
  tap(
    caller: Caller,
    request: {
      amountUsd: string;
      commandId?: string | undefined;
    },
  ): Promise<{
    contractId: string;
  }>;
}
