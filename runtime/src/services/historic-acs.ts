import type { LedgerRecord } from '@pocketnet/ledger';
import {
  type ActiveContractEntry,
  stakeholdersOf,
} from '../projections/active-contracts.projection.ts';

/** The active contracts visible to `parties` (any when null) after replaying `records`. */
export function historicActiveContracts(
  records: readonly LedgerRecord[],
  parties: readonly string[] | null,
): ActiveContractEntry[] {
  const active = new Map<string, ActiveContractEntry>();
  for (const record of records) {
    if (record.type !== 'transaction') continue;
    for (const node of record.nodes) {
      if (node.kind === 'created') {
        active.set(node.contractId, {
          node,
          offset: record.offset,
          synchronizerId: record.synchronizerId,
        });
      } else if (node.consuming) {
        active.delete(node.contractId);
      }
    }
  }
  const visible = [...active.values()];
  return parties === null
    ? visible
    : visible.filter((entry) =>
        stakeholdersOf(entry.node).some((party) => parties.includes(party)),
      );
}
