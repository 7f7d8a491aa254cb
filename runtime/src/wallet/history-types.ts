import type { ExercisedNode, TransactionNode, TransactionRecord } from '@pocketnet/ledger';

export type PartyAmount = { readonly party: string; readonly amount: string };

export type TransactionSubtype = {
  readonly templateId: string;
  readonly choice: string;
  readonly amuletOperation?: string;
  readonly interfaceId?: string;
};

/** What a transfer took from rewards rather than from holdings. */
export type RewardsUsed = {
  readonly app: string;
  readonly validator: string;
  readonly sv: string;
  readonly developmentFund: string;
};

/**
 * One entry of a wallet's transaction history: a transfer, a balance change (tap, mint, a
 * lock given back) or a notification (a transfer offer's life). `parties` are the wallets
 * whose history shows it.
 */
export type HistoryEntry = {
  readonly eventId: string;
  readonly offset: number;
  readonly date: string;
  readonly type: 'transfer' | 'balance_change' | 'notification';
  readonly subtype: TransactionSubtype;
  readonly parties: readonly string[];
  readonly sender?: PartyAmount;
  readonly receivers: readonly PartyAmount[];
  readonly holdingFees?: string;
  readonly rewardsUsed?: RewardsUsed;
  readonly transferInstruction?: {
    readonly cid: string;
    readonly receiver?: string;
    readonly amount?: string;
  };
  readonly description?: string;
  readonly details?: string;
};

/** Where in a transaction a node sits, and what the wallet batch it belongs to did. */
export type NodeAt = {
  readonly record: TransactionRecord;
  readonly node: ExercisedNode;
  /** The AmuletOperation of the WalletAppInstall_ExecuteBatch that ran this node, if any. */
  readonly operation: string | undefined;
  /** A wallet party's amulet created before this transaction, while it is active. */
  readonly heldBefore?: (contractId: string) => { owner: string; amount: bigint } | undefined;
};

/** Splice's event id: `#<updateId>:<nodeId>`, as its wallet and scan histories spell it. */
export function eventIdOf(record: TransactionRecord, node: TransactionNode): string {
  return `#${record.updateId}:${node.nodeId}`;
}

export function subtypeOf(at: NodeAt): TransactionSubtype {
  const { node, operation } = at;
  return {
    templateId: node.templateId,
    choice: node.choice,
    ...(operation === undefined ? {} : { amuletOperation: operation }),
    ...(node.interfaceId === null ? {} : { interfaceId: node.interfaceId }),
  };
}

/** The nodes below `node` (its subtree without itself). */
export function descendantsOf(record: TransactionRecord, node: ExercisedNode): TransactionNode[] {
  if (record.nodes[node.nodeId] === node) {
    return record.nodes.slice(node.nodeId + 1, node.lastDescendantNodeId + 1);
  }
  // A participant's projection keeps the node ids of the whole transaction.
  return record.nodes.filter(
    (each) => each.nodeId > node.nodeId && each.nodeId <= node.lastDescendantNodeId,
  );
}

export const baseEntry = (at: NodeAt) => ({
  eventId: eventIdOf(at.record, at.node),
  offset: at.record.offset,
  date: at.record.effectiveAt,
  subtype: subtypeOf(at),
});
