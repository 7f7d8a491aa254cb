import { parseNumeric, parseTime, type Value } from '@pocketnet/ledger';
import { accruedHoldingFee } from '@pocketnet/splice';
import type { WalletContract } from '../wallet/wallet-contracts.projection.ts';

// Readers of the payload fields the automations look at, tolerant of what they do not find.

export function valueAt(value: Value, ...path: string[]): Value {
  let at: Value = value;
  for (const name of path) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return null;
    at = (at as { readonly [key: string]: Value })[name] ?? null;
  }
  return at;
}

export const textAt = (value: Value, ...path: string[]): string => {
  const at = valueAt(value, ...path);
  return typeof at === 'string' ? at : '';
};

/** A Daml Time field in µs; null when absent or malformed. */
export const microsAt = (value: Value, ...path: string[]): bigint | null =>
  parseTime(textAt(value, ...path));

export const payloadOf = (contract: WalletContract): Value => contract.node.createArgument;

export const roundNumberAt = (value: Value, ...path: string[]): bigint =>
  BigInt(textAt(value, ...path, 'number') || '0');

/** An amulet payload's amount net of the holding fee accrued by `round`, Numeric 10. */
export function effectiveAmountOf(amuletPayload: Value, round: bigint): bigint {
  const amount = {
    initialAmount: parseNumeric(textAt(amuletPayload, 'amount', 'initialAmount') || '0'),
    createdAt: roundNumberAt(amuletPayload, 'amount', 'createdAt'),
    ratePerRound: parseNumeric(textAt(amuletPayload, 'amount', 'ratePerRound', 'rate') || '0'),
  };
  return amount.initialAmount - accruedHoldingFee(amount, round);
}

/** A job id part: BullMQ ids may not hold `:`, party ids are full of them. */
export const idPart = (text: string) => text.replaceAll(':', '~');
