import type { JournalRecord, TransactionRecord } from '../transaction.ts';
import type { JournalHistory } from '../undo/state-sections.ts';
import { createUndoLog, type UndoLog } from '../undo/undo-log.ts';
import { undoableMap } from '../undo/undoable-collections.ts';
import type { ContractLocation, ReassignmentRecord } from './reassignment-record.ts';

/**
 * Where each contract is and which synchronizers host each party, as far as the records tell:
 * the reducer the engine routes submissions by, and the node's projections read locations from.
 */
export type SynchronizerState = {
  apply(record: JournalRecord): void;
  /** Where a contract is (an archived or unknown one reads as created on the default synchronizer). */
  locationOf(contractId: string): ContractLocation;
  /** The unassignment with this id while its contracts are in flight; undefined otherwise. */
  pendingUnassignment(reassignmentId: string): ReassignmentRecord | undefined;
  /** The synchronizers a party was allocated on (empty for a party never allocated here). */
  synchronizersOf(party: string): ReadonlySet<string>;
  /** Contracts created off the default synchronizer or reassigned at least once, still active. */
  readonly tracked: number;
  readonly defaultSynchronizerId: string;
  /** What a state file keeps (issue 23): unassignments as their records' journal indices. */
  save(indexOfOffset: (offset: number) => number): SavedSynchronizerState;
  /** Fills a fresh state, reading the unassignments in flight from `history`. */
  restore(saved: SavedSynchronizerState, history: JournalHistory): void;
};

/**
 * Contract id, synchronizer (null while unassigned), reassignment counter, and the journal
 * index of the unassignment it is in flight by (null when assigned).
 */
type SavedLocation = readonly [string, string | null, number, number | null];

export type SavedSynchronizerState = {
  readonly locations: readonly SavedLocation[];
  /** The journal indices of the unassignments whose contracts are in flight. */
  readonly pending: readonly number[];
  readonly hosting: readonly (readonly [string, readonly string[]])[];
};

const noSynchronizers: ReadonlySet<string> = new Set();

/**
 * Only contracts that are not where most are (on the default synchronizer, never reassigned)
 * take an entry, so a node on one synchronizer keeps nothing here and pays one comparison per
 * transaction.
 */
export function createSynchronizerState(
  defaultSynchronizerId: string,
  undo: UndoLog = createUndoLog(),
): SynchronizerState {
  const locations = undoableMap<string, ContractLocation>(undo);
  const pending = undoableMap<string, ReassignmentRecord>(undo);
  const hosting = undoableMap<string, Set<string>>(undo);
  const atDefault: ContractLocation = {
    synchronizerId: defaultSynchronizerId,
    reassignmentCounter: 0,
    unassignment: null,
  };
  const applyTransaction = (record: TransactionRecord) => {
    const elsewhere = record.synchronizerId !== defaultSynchronizerId;
    if (!elsewhere && locations.size === 0) return;
    const created: ContractLocation = {
      synchronizerId: record.synchronizerId,
      reassignmentCounter: 0,
      unassignment: null,
    };
    for (const node of record.nodes) {
      if (node.kind === 'created') {
        if (elsewhere) locations.set(node.contractId, created);
      } else if (node.consuming) {
        locations.delete(node.contractId);
      }
    }
  };
  const applyReassignment = (record: ReassignmentRecord) => {
    const unassigned = record.kind === 'unassign';
    for (const event of record.events) {
      locations.set(event.contractId, {
        synchronizerId: unassigned ? null : record.target,
        reassignmentCounter: event.reassignmentCounter,
        unassignment: unassigned ? record : null,
      });
    }
    if (unassigned) pending.set(record.reassignmentId, record);
    else pending.delete(record.reassignmentId);
  };
  return {
    apply(record) {
      if (record.type === 'transaction') applyTransaction(record);
      else if (record.type === 'reassignment') applyReassignment(record);
      else if (record.type === 'topology') {
        for (const party of record.parties) {
          const known = hosting.get(party);
          if (known?.has(record.synchronizerId)) continue;
          // A new set rather than the known one grown, so the map's own undo takes it back.
          hosting.set(party, new Set([...(known ?? []), record.synchronizerId]));
        }
      }
    },
    locationOf: (contractId) => locations.get(contractId) ?? atDefault,
    pendingUnassignment: (reassignmentId) => pending.get(reassignmentId),
    synchronizersOf: (party) => hosting.get(party) ?? noSynchronizers,
    get tracked() {
      return locations.size;
    },
    defaultSynchronizerId,
    save(indexOfOffset) {
      const indexOf = (record: ReassignmentRecord | null) =>
        record === null ? null : indexOfOffset(record.offset);
      return {
        locations: [...locations].map(
          ([contractId, at]): SavedLocation => [
            contractId,
            at.synchronizerId,
            at.reassignmentCounter,
            indexOf(at.unassignment),
          ],
        ),
        pending: [...pending.values()].map((record) => indexOfOffset(record.offset)),
        hosting: [...hosting].map(([party, synchronizers]) => [party, [...synchronizers]]),
      };
    },
    restore(saved, history) {
      const unassignment = (index: number) => history.at(index) as ReassignmentRecord;
      for (const [contractId, synchronizerId, reassignmentCounter, index] of saved.locations) {
        locations.set(contractId, {
          synchronizerId,
          reassignmentCounter,
          unassignment: index === null ? null : unassignment(index),
        });
      }
      for (const index of saved.pending) {
        const record = unassignment(index);
        pending.set(record.reassignmentId, record);
      }
      for (const [party, synchronizers] of saved.hosting)
        hosting.set(party, new Set(synchronizers));
    },
  };
}
