import {
  type ContractLocation,
  createSynchronizerState,
  type LedgerRecord,
} from '@pocketnet/ledger';
import type { Synchronizers } from './synchronizers.projection.ts';

/**
 * Where contracts were at an offset: as the node's projection says at the ledger end, else as
 * the records up to that offset say (replayed into a fresh state, which keeps entries only
 * for contracts off the default synchronizer or reassigned).
 */
export function locationsAt(
  synchronizers: Synchronizers,
  history: { range(beginExclusive: number, endInclusive: number): readonly LedgerRecord[] },
  at: { readonly offset: number; readonly ledgerEnd: number },
): (contractId: string) => ContractLocation {
  if (at.offset >= at.ledgerEnd) return synchronizers.state.locationOf;
  const state = createSynchronizerState(synchronizers.global.id);
  for (const record of history.range(0, at.offset)) state.apply(record);
  return state.locationOf;
}
