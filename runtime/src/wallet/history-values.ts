import { formatNumeric } from '@pocketnet/ledger';
import type { PartyAmount } from './history-types.ts';

/** An amulet or locked amulet: whose, how much, and whether locked. */
export type Holding = { readonly owner: string; readonly amount: bigint; readonly locked: boolean };

/** Amounts per owner, in the order owners first appear. */
export function byParty(holdings: readonly Holding[]): PartyAmount[] {
  const totals = new Map<string, bigint>();
  for (const { owner, amount } of holdings) totals.set(owner, (totals.get(owner) ?? 0n) + amount);
  return [...totals].map(([party, amount]) => ({ party, amount: formatNumeric(amount) }));
}
