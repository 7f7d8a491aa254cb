import type { CreatedNode, TransactionRecord } from '@pocketnet/ledger';
import type { ActiveContracts } from '../../projections/active-contracts.projection.ts';
import type { ContractEventsIndex } from '../../projections/contract-events.projection.ts';
import type { UpdateLog } from '../../projections/update-log.projection.ts';

/** An active contract and the transaction that created it. */
export type AcsEntry = { readonly node: CreatedNode; readonly record: TransactionRecord };

/**
 * A snapshot holds its contracts as numbers, `offset × 2^20 + node id` of each create, in
 * creation order: 8 bytes a contract, no object, and the node itself is one index away in the
 * update log. (A transaction of 2^20 nodes would not fit; none comes near.)
 */
export type AcsKeys = Float64Array;

const nodeSpan = 2 ** 20;

export const acsKeyOf = (offset: number, nodeId: number): number => offset * nodeSpan + nodeId;

/** The offset and the node id a key (`acsKeyOf`) names. */
export const offsetOfKey = (key: number): number => Math.floor(key / nodeSpan);
export const nodeIdOfKey = (key: number): number => key % nodeSpan;

export type AcsEntries = ReturnType<typeof createAcsEntries>;

/**
 * The node's active contract set as snapshot keys, read from the node's own projections
 * rather than kept a second time.
 */
export function createAcsEntries(deps: {
  readonly updateLog: UpdateLog;
  readonly activeContracts: ActiveContracts;
  readonly contractEvents: ContractEventsIndex;
}) {
  return {
    /** The contract a key names. */
    entryAt(key: number): AcsEntry | undefined {
      const record = deps.updateLog.byOffset(offsetOfKey(key));
      if (record?.type !== 'transaction') return undefined;
      const node = record.nodes[nodeIdOfKey(key)];
      return node?.kind === 'created' ? { node, record } : undefined;
    },
    /**
     * The keys of the active contracts, sorted; with `undo`, as they were before that
     * transaction (which the projections have applied already).
     */
    keysNow(undo: TransactionRecord | null): AcsKeys {
      const keys: number[] = [];
      const createdInUndo = new Set<string>();
      for (const node of undo?.nodes ?? []) {
        if (node.kind === 'created') createdInUndo.add(node.contractId);
        else if (node.consuming && !createdInUndo.has(node.contractId)) {
          const created = deps.contractEvents.get(node.contractId)?.created;
          if (created) keys.push(acsKeyOf(created.record.offset, created.node.nodeId));
        }
      }
      for (const entry of deps.activeContracts.visibleTo(null)) {
        if (!createdInUndo.has(entry.node.contractId))
          keys.push(acsKeyOf(entry.offset, entry.node.nodeId));
      }
      return Float64Array.from(keys).sort();
    },
  };
}
