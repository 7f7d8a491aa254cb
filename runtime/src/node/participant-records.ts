import type { JournalRecord, TransactionNode, TransactionRecord } from '@pocketnet/ledger';
import { filter, map, type Observable, share } from 'rxjs';

/**
 * A transaction as a participant sees it (Canton's projection per participant): the nodes one
 * of its hosted parties witnesses, under their own node ids, rooted at the topmost of them; null
 * when it hosts none of the witnesses. A node's witnesses include its parent's, so what a
 * participant sees of a tree is whole subtrees.
 */
export function projectTransaction(
  record: TransactionRecord,
  hosts: (party: string) => boolean,
): TransactionRecord | null {
  const seen = (node: TransactionNode) => node.witnesses.some(hosts);
  const nodes = record.nodes.filter(seen);
  if (nodes.length === record.nodes.length) return record;
  if (nodes.length === 0) return null;
  const belowSeen = new Set<number>();
  for (const node of nodes) {
    if (node.kind === 'exercised') for (const child of node.childNodeIds) belowSeen.add(child);
  }
  const rootNodeIds = nodes.filter((node) => !belowSeen.has(node.nodeId)).map((n) => n.nodeId);
  return { ...record, nodes, rootNodeIds };
}

/**
 * The synchronizer's records as a participant that hosts the parties `hosts` accepts sees them:
 * transactions projected (those it sees nothing of left out), every other record as it is (its
 * topology, packages and admin changes are its projection's own to sort out). All of them when
 * `hosts` is null (the only participant).
 */
export function participantRecords(
  records$: Observable<JournalRecord>,
  hosts: ((party: string) => boolean) | null,
): Observable<JournalRecord> {
  if (hosts === null) return records$;
  return records$.pipe(
    map((record) => (record.type === 'transaction' ? projectTransaction(record, hosts) : record)),
    filter((record): record is JournalRecord => record !== null),
    // Projected once for all of the participant's projections.
    share(),
  );
}

/** The node of a transaction with this id, in a whole transaction or a participant's projection. */
export function nodeWithId(record: TransactionRecord, nodeId: number): TransactionNode | undefined {
  const at = record.nodes[nodeId];
  return at?.nodeId === nodeId ? at : record.nodes.find((node) => node.nodeId === nodeId);
}
