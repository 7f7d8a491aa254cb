import type { CreatedNode, JournalHistory, UndoLog } from '@pocketnet/ledger';

/**
 * Where a node Scan keeps sits in the journal: its record's index (journal order, admin records
 * counted) and its index among that record's nodes. A state section saves this instead of the
 * node, and a restore reads the node back from the state's history (issue 23).
 */
export type NodeLocation = readonly [journalIndex: number, nodeIndex: number];

/** The created node at `location` of `history`; a location that names none is a broken state. */
export function createdNodeAt(history: JournalHistory, location: NodeLocation): CreatedNode {
  const [journalIndex, nodeIndex] = location;
  const record = history.at(journalIndex);
  const node = record.type === 'transaction' ? record.nodes[nodeIndex] : undefined;
  if (node?.kind !== 'created') {
    throw new Error(`the state's history has no created node at ${journalIndex}/${nodeIndex}`);
  }
  return node;
}

/**
 * Counts the journal's records as the bus carries them, every record once and in journal order
 * (a replay too), so that a projection knows the index of the record it is applying.
 */
export function createJournalCounter(undo: UndoLog) {
  const counted = { records: 0 };
  return {
    /** The journal index of the record the bus carries now: call it once for every record. */
    next(): number {
      const index = counted.records;
      undo.assign(counted, 'records', index + 1);
      return index;
    },
    /** How many records were counted: a section saves it. */
    count: (): number => counted.records,
    /**
     * A restored state's count, which is its history's length: the locations saved with it
     * point into that history (nothing records while a state is restored).
     */
    restore(records: number, history: JournalHistory): void {
      if (records !== history.length) {
        throw new Error(
          `Scan counted ${records} journal records, the state holds ${history.length}`,
        );
      }
      counted.records = records;
    },
  };
}

export type JournalCounter = ReturnType<typeof createJournalCounter>;
