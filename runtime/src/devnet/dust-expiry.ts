import { parseNumeric } from '@pocketnet/ledger';
import { amuletTemplateIds as ids, isExpired } from '@pocketnet/splice';
import type { DsoContract, DsoLedger } from './dso-ledger.ts';

type AmountPayload = {
  readonly initialAmount: string;
  readonly createdAt: { readonly number: string };
  readonly ratePerRound: { readonly rate: string };
};

const expiringAmountOf = (amount: AmountPayload) => ({
  initialAmount: parseNumeric(amount.initialAmount),
  createdAt: BigInt(amount.createdAt.number),
  ratePerRound: parseNumeric(amount.ratePerRound.rate),
});

/**
 * Archives dust: holdings whose accrued holding fee has eaten their whole amount by `round` (an
 * open round's number), burning what is left of them, as the super validators' expiry trigger does.
 */
export async function expireDust(ledger: DsoLedger, round: DsoContract): Promise<number> {
  const number = BigInt((round.payload.round as { number: string }).number);
  let expired = 0;
  for (const amulet of ledger.active(ids.amulet)) {
    if (!isExpired(expiringAmountOf(amulet.payload.amount as AmountPayload), number)) continue;
    await ledger.exercise(ids.amulet, amulet.contractId, 'Amulet_Expire', {
      roundCid: round.contractId,
    });
    expired += 1;
  }
  for (const locked of ledger.active(ids.lockedAmulet)) {
    const held = locked.payload.amulet as { amount: AmountPayload };
    if (!isExpired(expiringAmountOf(held.amount), number)) continue;
    await ledger.exercise(ids.lockedAmulet, locked.contractId, 'LockedAmulet_ExpireAmulet', {
      roundCid: round.contractId,
    });
    expired += 1;
  }
  return expired;
}
