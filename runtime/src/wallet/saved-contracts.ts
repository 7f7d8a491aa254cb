import {
  type CreatedNode,
  type ExercisedNode,
  hasOffset,
  type JournalHistory,
  type TransactionRecord,
  type UndoLog,
} from '@pocketnet/ledger';
import { nodeWithId } from '../node/participant-records.ts';

// The wallet's state sections (issue 23) save a contract by where its node sits in the journal,
// never the node itself: a load then decodes only the records of what a holder is asked about.

/** A node of the history, as a section saves it: its record's offset and its node id. */
export type NodeAt = readonly [offset: number, nodeId: number];

/**
 * Where each contract was created, oldest first: a section's order does not depend on the order a
 * rollback put contracts back in.
 */
export function positionsOf(
  contracts: Iterable<{ readonly offset: number; readonly node: { readonly nodeId: number } }>,
): NodeAt[] {
  return [...contracts]
    .map(({ offset, node }): NodeAt => [offset, node.nodeId])
    .sort((left, right) => left[0] - right[0] || left[1] - right[1]);
}

/** The transaction at an offset of a state's history. */
export type TransactionFinder = (offset: number) => TransactionRecord;

/**
 * Finds transactions in a state's history by offset. Offsets count the ledger records (1, 2, …)
 * and admin records sit between them without one, so the record of `offset` is at index
 * `offset - 1` plus the admin records before it. A search starts from the admin records the last
 * one found before a lower offset (put-backs look up in rising order: mostly one decode each),
 * and each step jumps by the offsets still missing, so it never overshoots; what is left after a
 * jump is the admin records inside it (8% of a devnet's journal with time moving).
 */
export function transactionsIn(history: JournalHistory): TransactionFinder {
  let known = { offset: 0, adminBefore: 0 };
  return (offset) => {
    let index = offset - 1 + (offset >= known.offset ? known.adminBefore : 0);
    while (index < history.length) {
      const record = history.at(index);
      if (!hasOffset(record)) index += 1;
      else if (record.offset < offset) index += offset - record.offset;
      else if (record.offset === offset && record.type === 'transaction') {
        known = { offset, adminBefore: index - (offset - 1) };
        return record;
      } else break;
    }
    throw new Error(`the state's history has no transaction at offset ${offset}`);
  };
}

/** The node a section saved, with its transaction. */
export function nodeIn(
  transactions: TransactionFinder,
  [offset, nodeId]: NodeAt,
): { readonly record: TransactionRecord; readonly node: CreatedNode | ExercisedNode } {
  const record = transactions(offset);
  const node = nodeWithId(record, nodeId);
  if (node === undefined) throw new Error(`the transaction at ${offset} has no node ${nodeId}`);
  return { record, node };
}

/** The created node a section saved, with its transaction. */
export function createdIn(transactions: TransactionFinder, at: NodeAt) {
  const { record, node } = nodeIn(transactions, at);
  if (node.kind !== 'created') throw new Error(`node ${at.join('/')} creates no contract`);
  return { record, node };
}

/**
 * A holder restored from a section, put back whole on its first use (a read, or a record
 * published to it) rather than at the load, which so decodes nothing. Until then `saved()`
 * is the section as it was restored. The put-back is undoable like any other change: a revert
 * to a snapshot taken before it leaves the holder as restored, still waiting.
 */
export function createRestoreOnUse<TSaved>(
  undo: UndoLog,
  putBack: (saved: TSaved, transactions: TransactionFinder) => void,
) {
  const state: { waiting: { saved: TSaved; history: JournalHistory } | null } = { waiting: null };
  return {
    restore(saved: TSaved, history: JournalHistory): void {
      state.waiting = { saved, history };
    },
    /** The section restored and not put back yet, or null. */
    saved: (): TSaved | null => state.waiting?.saved ?? null,
    /** Puts a restored section back, once; every read and every record calls it first. */
    ensure(): void {
      const { waiting } = state;
      if (waiting === null) return;
      undo.assign(state, 'waiting', null);
      putBack(waiting.saved, transactionsIn(waiting.history));
    },
  };
}
