import { parseNumeric } from '@pocketnet/ledger';
import { amuletTemplateIds as ids, isExpired } from '@pocketnet/splice';
import type { DsoLedger } from './dso-ledger.ts';

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
 * Archives dust: holdings whose accrued holding fee has eaten their whole amount, burning what
 * is left of them, as the super validators' expiry trigger does since splice-amulet 0.1.17
 * (Amulet_ExpireV2): judged at the older round of the two newest ExternalPartyConfigStates.
 * Nothing is expired while there are not two of them.
 */
export async function expireDust(ledger: DsoLedger): Promise<number> {
  const states = ledger.active(ids.externalPartyConfigState).slice(-2);
  const [state0, state1] = states;
  if (!state0 || !state1) return 0;
  const number = states
    .map((state) => BigInt((state.payload.holdingFeesOpenRoundNumber as { number: string }).number))
    .reduce((a, b) => (a < b ? a : b));
  const argument = {
    externalPartyConfigState0Cid: state0.contractId,
    externalPartyConfigState1Cid: state1.contractId,
  };
  let expired = 0;
  for (const amulet of ledger.active(ids.amulet)) {
    if (!isExpired(expiringAmountOf(amulet.payload.amount as AmountPayload), number)) continue;
    await ledger.exercise(ids.amulet, amulet.contractId, 'Amulet_ExpireV2', argument);
    expired += 1;
  }
  for (const locked of ledger.active(ids.lockedAmulet)) {
    const held = locked.payload.amulet as { amount: AmountPayload };
    if (!isExpired(expiringAmountOf(held.amount), number)) continue;
    await ledger.exercise(
      ids.lockedAmulet,
      locked.contractId,
      'LockedAmulet_ExpireAmuletV2',
      argument,
    );
    expired += 1;
  }
  return expired;
}
