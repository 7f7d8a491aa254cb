import {
  appendOnlyArray,
  DomainError,
  type ExercisedNode,
  type TransactionRecord,
  type UndoLog,
  undoableMap,
} from '@pocketnet/ledger';

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

/**
 * Scan's deprecated transaction log (`/v0/transactions`): the amulet transfers, mints, taps and
 * aborted transfer instructions of the network, outermost first (a tap's inner mint is part of
 * the tap), each identified by the v0 event id of its exercise.
 */
export function createTransactionLog(undo: UndoLog) {
  const entries = appendOnlyArray<TransactionLogEntry>(undo);
  const positions = undoableMap<string, number>(undo);
  return {
    apply(record: TransactionRecord): void {
      for (let nodeId = 0; nodeId < record.nodes.length; nodeId++) {
        const node = record.nodes[nodeId];
        if (node?.kind !== 'exercised') continue;
        const kind = kindOfChoice[node.choice];
        if (kind === undefined) continue;
        const eventId = `#${record.updateId}:${node.nodeId}`;
        positions.set(eventId, entries.length);
        entries.push({ record, node, kind, eventId });
        nodeId = node.lastDescendantNodeId;
      }
    },
    page(request: { pageEndEventId: string | null; descending: boolean; pageSize: number }) {
      const { pageEndEventId, descending, pageSize } = request;
      let start = descending ? entries.length - 1 : 0;
      if (pageEndEventId !== null) {
        const position = positions.get(pageEndEventId);
        if (position === undefined) {
          throw new DomainError(
            'UPDATE_NOT_FOUND',
            `No transaction with event id ${pageEndEventId}`,
          );
        }
        start = descending ? position - 1 : position + 1;
      }
      const page: TransactionLogEntry[] = [];
      for (let at = start; at >= 0 && at < entries.length && page.length < pageSize; ) {
        const entry = entries[at];
        if (entry) page.push(entry);
        at += descending ? -1 : 1;
      }
      return page;
    },
  };
}
