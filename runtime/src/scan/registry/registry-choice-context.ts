import type { CreatedNode } from '@pocketnet/ledger';
import type { ChoiceContextKey } from '@pocketnet/splice';

// A token-standard choice context as the registry hands it out: the `ChoiceContext` values the
// choice reads (by the keys the splice templates read them under) and the contracts it must see.

export type ChoiceContextValue =
  | { readonly tag: 'AV_ContractId'; readonly value: string }
  | { readonly tag: 'AV_Bool'; readonly value: boolean };

export type RegistryChoiceContext = {
  readonly values: Readonly<Record<string, ChoiceContextValue>>;
  /** In the order a client should pass them on; the blobs are derived at the edge. */
  readonly disclosed: readonly CreatedNode[];
  readonly synchronizerId: string;
};

export type ChoiceContextEntry =
  | { readonly key: ChoiceContextKey; readonly contract: CreatedNode | null }
  | { readonly key: ChoiceContextKey; readonly flag: boolean }
  | { readonly disclose: CreatedNode };

/** Builds a context from entries: a contract entry is named and disclosed, a null one skipped. */
export function choiceContextOf(
  synchronizerId: string,
  entries: readonly ChoiceContextEntry[],
): RegistryChoiceContext {
  const values: Record<string, ChoiceContextValue> = {};
  const disclosed: CreatedNode[] = [];
  for (const entry of entries) {
    if ('disclose' in entry) {
      disclosed.push(entry.disclose);
    } else if ('flag' in entry) {
      values[entry.key] = { tag: 'AV_Bool', value: entry.flag };
    } else if (entry.contract !== null) {
      values[entry.key] = { tag: 'AV_ContractId', value: entry.contract.contractId };
      disclosed.push(entry.contract);
    }
  }
  return { values, disclosed, synchronizerId };
}
