import { parseNumeric } from '@pocketnet/ledger';
import { isExpired, type spliceVocabulary } from '@pocketnet/splice';
import {
  amuletTemplates,
  externalPartyConfigStateTemplate,
} from '../vocabulary/splice-templates.ts';
import type { DsoLedger } from './dso-ledger.ts';

const { Amulet, LockedAmulet } = amuletTemplates;

const expiringAmountOf = (amount: spliceVocabulary.splice_amulet.Splice.Fees.ExpiringAmount) => ({
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
  const states = ledger.active(externalPartyConfigStateTemplate).slice(-2);
  const [state0, state1] = states;
  if (!state0 || !state1) return 0;
  const number = states
    .map((state) => BigInt(state.payload.holdingFeesOpenRoundNumber.number))
    .reduce((a, b) => (a < b ? a : b));
  const argument = {
    externalPartyConfigState0Cid: state0.contractId,
    externalPartyConfigState1Cid: state1.contractId,
  };
  let expired = 0;
  for (const amulet of ledger.active(Amulet)) {
    if (!isExpired(expiringAmountOf(amulet.payload.amount), number)) continue;
    await ledger.exercise(Amulet, amulet.contractId, Amulet.choices.Amulet_ExpireV2, argument);
    expired += 1;
  }
  for (const locked of ledger.active(LockedAmulet)) {
    if (!isExpired(expiringAmountOf(locked.payload.amulet.amount), number)) continue;
    await ledger.exercise(
      LockedAmulet,
      locked.contractId,
      LockedAmulet.choices.LockedAmulet_ExpireAmuletV2,
      argument,
    );
    expired += 1;
  }
  return expired;
}
