import type { TransactionContext } from '@pocketnet/ledger';
import type { AnyValue, ChoiceContext } from '../token-standard/metadata-v1.ts';

/** The keys Scan's registry API puts into an amulet choice context. */
export const choiceContextKeys = {
  amuletRules: 'amulet-rules',
  openRound: 'open-round',
  externalPartyConfigState: 'external-party-config-state',
  featuredAppRight: 'featured-app-right',
  transferPreapproval: 'transfer-preapproval',
  expireLock: 'expire-lock',
} as const;

export type ChoiceContextKey = (typeof choiceContextKeys)[keyof typeof choiceContextKeys];

function entry(context: ChoiceContext, key: string): AnyValue | null {
  return Object.hasOwn(context.values, key) ? (context.values[key] ?? null) : null;
}

/** The contract id under `key`, or null when absent; a value of another kind fails. */
export function lookupContextContractId(
  tx: TransactionContext,
  context: ChoiceContext,
  key: string,
): string | null {
  const value = entry(context, key);
  if (value === null) return null;
  if (value.tag !== 'AV_ContractId') {
    return tx.fail(`Choice context entry ${key} must be an AV_ContractId, not ${value.tag}`);
  }
  return value.value;
}

export function getContextContractId(
  tx: TransactionContext,
  context: ChoiceContext,
  key: string,
): string {
  return lookupContextContractId(tx, context, key) ?? tx.fail(`Missing context entry for: ${key}`);
}

export function getContextBool(
  tx: TransactionContext,
  context: ChoiceContext,
  key: string,
): boolean {
  const value = entry(context, key);
  if (value === null) return tx.fail(`Missing context entry for: ${key}`);
  if (value.tag !== 'AV_Bool') {
    return tx.fail(`Choice context entry ${key} must be an AV_Bool, not ${value.tag}`);
  }
  return value.value;
}
