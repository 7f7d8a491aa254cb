import type { LedgerRecord } from '@pocketnet/ledger';
import type { ActiveContractEntry } from '../projections/active-contracts.projection.ts';

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
        const stakeholders = [...new Set([...node.signatories, ...node.observers])];
        active.set(node.contractId, {
          node,
          offset: record.offset,
          synchronizerId: record.synchronizerId,
          stakeholders,
        });
      } else if (node.consuming) {
        active.delete(node.contractId);
      }
    }
  }
  const visible = [...active.values()];
  return parties === null
    ? visible
    : visible.filter((entry) => entry.stakeholders.some((party) => parties.includes(party)));
}
