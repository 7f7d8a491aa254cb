import {
  appendOnlyArray,
  DomainError,
  type ExercisedNode,
  type TransactionRecord,
  type UndoLog,
} from '@pocketnet/ledger';
import type { UpdateLog } from '../../projections/update-log.projection.ts';
import { acsKeyOf, nodeIdOfKey, offsetOfKey } from './acs-entries.ts';
import { decodeDeltas, encodeDeltas } from './number-encodings.ts';
import { lastAtOrBefore } from './scan-time.ts';

export type TransactionLogKind = 'transfer' | 'mint' | 'devnet_tap' | 'abort_transfer_instruction';

/** One amulet activity of a transaction: the exercise it is read from. */
export type TransactionLogEntry = {
  readonly record: TransactionRecord;
  readonly node: ExercisedNode;
  readonly kind: TransactionLogKind;
  readonly eventId: string;
};

const kindOfChoice: Readonly<Record<string, TransactionLogKind>> = {
  AmuletRules_Transfer: 'transfer',
  AmuletRules_Mint: 'mint',
  AmuletRules_DevNet_Tap: 'devnet_tap',
  TransferInstruction_Withdraw: 'abort_transfer_instruction',
  TransferInstruction_Reject: 'abort_transfer_instruction',
};

export type TransactionLog = ReturnType<typeof createTransactionLog>;

/** `#updateId:nodeId`, the v0 event id of an exercise. */
const eventIdPattern = /^#(.+):(\d+)$/;

/**
 * Scan's deprecated transaction log (`/v0/transactions`): the amulet transfers, mints, taps and
 * aborted transfer instructions of the network, outermost first (a tap's inner mint is part of
 * the tap), each identified by the v0 event id of its exercise. It keeps one number an entry,
 * its exercise's key (offset and node id, increasing), and reads the exercise from the update
 * log: its state section is those numbers, whichever way the log was filled.
 */
export function createTransactionLog(deps: {
  readonly undo: UndoLog;
  readonly updateLog: Pick<UpdateLog, 'byOffset' | 'byUpdateId'>;
}) {
  const keys = appendOnlyArray<number>(deps.undo);
  deps.undo.section<number[]>('scan.history.transactions', {
    save: () => encodeDeltas(keys),
    restore(saved) {
      keys.length = 0;
      for (const key of decodeDeltas(saved)) keys.push(key);
    },
  });
  const entryOf = (key: number): TransactionLogEntry | undefined => {
    const record = deps.updateLog.byOffset(offsetOfKey(key));
    const node = record?.type === 'transaction' ? record.nodes[nodeIdOfKey(key)] : undefined;
    const kind = node?.kind === 'exercised' ? kindOfChoice[node.choice] : undefined;
    if (record?.type !== 'transaction' || node?.kind !== 'exercised' || kind === undefined)
      return undefined;
    return { record, node, kind, eventId: `#${record.updateId}:${node.nodeId}` };
  };
  // Where the entry of an event id is: its transaction's offset, then a binary search.
  const positionOf = (eventId: string): number | undefined => {
    const parts = eventIdPattern.exec(eventId);
    const record = parts?.[1] === undefined ? undefined : deps.updateLog.byUpdateId(parts[1]);
    if (record === undefined || parts?.[2] === undefined) return undefined;
    const key = acsKeyOf(record.offset, Number(parts[2]));
    const position = lastAtOrBefore(keys, key);
    return keys[position] === key ? position : undefined;
  };
  return {
    apply(record: TransactionRecord): void {
      for (let nodeId = 0; nodeId < record.nodes.length; nodeId++) {
        const node = record.nodes[nodeId];
        if (node?.kind !== 'exercised') continue;
        if (kindOfChoice[node.choice] === undefined) continue;
        keys.push(acsKeyOf(record.offset, node.nodeId));
        nodeId = node.lastDescendantNodeId;
      }
    },
    page(request: { pageEndEventId: string | null; descending: boolean; pageSize: number }) {
      const { pageEndEventId, descending, pageSize } = request;
      let start = descending ? keys.length - 1 : 0;
      if (pageEndEventId !== null) {
        const position = positionOf(pageEndEventId);
        if (position === undefined) {
          throw new DomainError(
            'UPDATE_NOT_FOUND',
            `No transaction with event id ${pageEndEventId}`,
          );
        }
        start = descending ? position - 1 : position + 1;
      }
      const page: TransactionLogEntry[] = [];
      for (let at = start; at >= 0 && at < keys.length && page.length < pageSize; ) {
        const entry = entryOf(keys[at] ?? 0);
        if (entry) page.push(entry);
        at += descending ? -1 : 1;
      }
      return page;
    },
  };
}
