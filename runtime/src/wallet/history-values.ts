import { formatNumeric, parseNumeric, type Value } from '@pocketnet/ledger';
import type { PartyAmount } from './history-types.ts';
import { fieldAt } from './wallet-submitter.ts';

// Small readers of the values history entries are made of.

export const numericAt = (value: Value, ...path: string[]): bigint => {
  const found = fieldAt(value, ...path);
  return typeof found === 'string' ? parseNumeric(found) : 0n;
};
export const textAt = (value: Value, ...path: string[]): string => {
  const found = fieldAt(value, ...path);
  return typeof found === 'string' ? found : '';
};

/** An amulet or locked amulet: whose, how much, and whether locked. */
export type Holding = { readonly owner: string; readonly amount: bigint; readonly locked: boolean };

/** Amounts per owner, in the order owners first appear. */
export function byParty(holdings: readonly Holding[]): PartyAmount[] {
  const totals = new Map<string, bigint>();
  for (const { owner, amount } of holdings) totals.set(owner, (totals.get(owner) ?? 0n) + amount);
  return [...totals].map(([party, amount]) => ({ party, amount: formatNumeric(amount) }));
}
