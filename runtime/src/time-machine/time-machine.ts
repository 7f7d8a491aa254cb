import {
  DomainError,
  formatMicros,
  type JournalRecord,
  parseTime,
  saveSections,
  type UndoMark,
} from '@pocketnet/ledger';
import type { PocketnetNode } from '../node/create-node.ts';
import { accessOf, type Caller, requireAdmin } from '../services/caller.ts';
import type { JournalStore } from './journal-store.ts';
import { sectionsShapeVersion } from './sections-shape.ts';
import { type StateHeader, type StateSectionLine, stateFormat } from './state-file.ts';

/** A point of the node's history: how many journal records it holds, and its clock then. */
export type HistoryPoint = { readonly position: number; readonly clockMicros: bigint };

export type Snapshot = HistoryPoint & {
  readonly id: string;
  /** The ledger end (offset) at the snapshot. */
  readonly ledgerEnd: number;
};

/** What a revert (or reset) answers: where the node now is. */
export type Reverted = {
  readonly id: string;
  readonly ledgerEnd: number;
  readonly now: string;
  readonly nowMicros: bigint;
  /** How the node was put back: its state rolled back in place, or rebuilt from the journal. */
  readonly how: 'rolled back' | 'rebuilt';
};

export type TimeMachineDeps = {
  /** The node that serves now (a revert replaces it). */
  current(): PocketnetNode;
  /**
   * Puts the whole node back to `point`: ends the open streams with `reason`, stops the node,
   * cuts its journal to `point.position` records and starts it again with its clock at
   * `point.clockMicros`.
   */
  rewind(point: HistoryPoint, reason: string): Promise<void>;
  /**
   * Puts the node back to `point` in place (issue 23): undoes what its state holders recorded
   * since `mark`, cuts the journal and sets the clock back, in time proportional to what changed.
   * Null when the node cannot (its queues are in Redis, or recording is off): `rewind` then.
   */
  readonly rollBack:
    | ((point: HistoryPoint, mark: UndoMark, reason: string) => Promise<void>)
    | null;
  /** The journal the current node runs on: how many records it holds, and what they are. */
  readonly journal: Pick<JournalStore, 'mark' | 'lines' | 'settled'>;
  /** The seed of the devnet the node runs (null for a bare ledger), named in a state dump. */
  readonly seed: string | null;
};

export type TimeMachine = ReturnType<typeof createTimeMachine>;

/**
 * Where a node loaded from a state goes on from: the clock, or the last record's time when
 * that is later (record times run a microsecond apart, ahead of a clock that stands still), as
 * a restart goes on. So a state dumped again at once from the loaded node is the same file.
 */
function resumedMicros(clockMicros: bigint, last: JournalRecord | null): bigint {
  const lastMicros = last ? parseTime(last.recordTime) : null;
  return lastMicros !== null && lastMicros > clockMicros ? lastMicros : clockMicros;
}

/**
 * Snapshots, revert and reset (issue 23): a snapshot is a journal position, the clock, and a
 * mark in the node's undo log. A revert rolls every state holder back to the mark, cuts the
 * journal back and sets the clock back; without a mark (the node cannot roll back, or a revert
 * rebuilt it since) it cuts the journal and rebuilds the node from it, as a restart does: the
 * answer is the same either way, only the time differs. Snapshots taken after the one reverted
 * to are dropped (their history is gone); the one reverted to stays, so a test loop reverts to
 * it again and again. Reset goes back to where the node was when it reported ready (its mark is
 * kept for the node's life, so the node records while it runs). One at a time; only a
 * participant admin may.
 */
export function createTimeMachine(deps: TimeMachineDeps) {
  let kept: Snapshot[] = [];
  let nextId = 1;
  let genesis: Snapshot | null = null;
  let running: Promise<unknown> = Promise.resolve();
  /** The undo marks of the snapshots (and genesis) the current node can roll back to, by id. */
  const marks = new Map<string, UndoMark>();

  const guard = (caller: Caller) => requireAdmin(accessOf(caller, deps.current().participant));
  /** A point is taken while no commit is half-way (applied, not yet published). */
  const pointOf = async (id: string): Promise<Snapshot> => {
    await deps.journal.settled();
    const node = deps.current();
    if (deps.rollBack) marks.set(id, node.undo.mark());
    return {
      id,
      position: deps.journal.mark(),
      clockMicros: node.clock.nowMicros(),
      ledgerEnd: node.engine.ledgerEnd(),
    };
  };
  /** One time-machine operation at a time, in call order. */
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const result = running.then(work);
    running = result.catch(() => {});
    return result;
  };
  const rewindTo = async (snapshot: Snapshot, reason: string): Promise<Reverted> => {
    const mark = marks.get(snapshot.id);
    let how: Reverted['how'] = 'rolled back';
    if (deps.rollBack && mark) {
      await deps.rollBack(snapshot, mark, reason);
    } else {
      how = 'rebuilt';
      await deps.rewind(snapshot, reason);
      // The marks were the old node's: the new one is at this point, and can come back to it.
      marks.clear();
      if (deps.rollBack) marks.set(snapshot.id, deps.current().undo.mark());
    }
    const node = deps.current();
    const nowMicros = node.clock.nowMicros();
    return {
      id: snapshot.id,
      ledgerEnd: node.engine.ledgerEnd(),
      now: formatMicros(nowMicros),
      nowMicros,
      how,
    };
  };
  /** Forgets the marks of snapshots a revert dropped (the undo log released them already). */
  const keepMarksOf = (snapshots: readonly Snapshot[]) => {
    const ids = new Set([...snapshots.map((each) => each.id), 'genesis']);
    for (const id of marks.keys()) if (!ids.has(id)) marks.delete(id);
  };

  return {
    /** Where `reset` goes back to: the node as it reported ready (genesis, a loaded state, a fixture). */
    async markGenesis(): Promise<void> {
      genesis = await pointOf('genesis');
    },
    snapshots: (): readonly Snapshot[] => kept,
    snapshot(caller: Caller): Promise<Snapshot> {
      guard(caller);
      return serialized(async () => {
        const snapshot = await pointOf(String(nextId));
        nextId += 1;
        kept.push(snapshot);
        return snapshot;
      });
    },
    revert(caller: Caller, id: string): Promise<Reverted> {
      guard(caller);
      return serialized(async () => {
        const snapshot = kept.find((candidate) => candidate.id === id);
        if (!snapshot) {
          throw new DomainError(
            'UPDATE_NOT_FOUND',
            `There is no snapshot ${JSON.stringify(id)}: it was never taken, or a revert to an earlier one dropped it`,
          );
        }
        const result = await rewindTo(
          snapshot,
          `the ledger was reverted to snapshot ${id} (ledger end ${snapshot.ledgerEnd})`,
        );
        kept = kept.filter((other) => Number(other.id) <= Number(id));
        keepMarksOf(kept);
        return result;
      });
    },
    reset(caller: Caller): Promise<Reverted> {
      guard(caller);
      return serialized(async () => {
        if (!genesis) throw new DomainError('UNAVAILABLE', 'The node has not reported ready yet');
        const result = await rewindTo(
          genesis,
          `the ledger was reset to genesis (ledger end ${genesis.ledgerEnd})`,
        );
        kept = [];
        keepMarksOf(kept);
        return result;
      });
    },
    /**
     * The node's state as JSON lines (state-file.ts): a header (format, seed, ids, clock, counts),
     * each state holder's section, and every journal record as the journal holds it, in order.
     */
    async *dump(caller: Caller): AsyncGenerator<string> {
      guard(caller);
      // The sections and the records are taken under the lock, at one instant (no commit half
      // way), so that no revert cuts the journal half-way through; records are immutable, so
      // they are rendered one line at a time afterwards.
      const { header, sections, records } = await serialized(async () => {
        await deps.journal.settled();
        const node = deps.current();
        const saved = saveSections(node.undo);
        const taken = await deps.journal.lines();
        const clockMicros = resumedMicros(node.clock.nowMicros(), taken.last);
        const first: StateHeader = {
          format: stateFormat,
          seed: deps.seed,
          participantId: node.identity.participantId,
          synchronizerId: node.identity.synchronizerId,
          time: formatMicros(clockMicros),
          clockMicros: clockMicros.toString(),
          records: taken.count,
          sections: Object.keys(saved).length,
          sectionsShape: sectionsShapeVersion,
        };
        return { header: first, sections: saved, records: taken.lines };
      });
      yield JSON.stringify(header);
      for (const [section, state] of Object.entries(sections)) {
        yield JSON.stringify({ section, state } satisfies StateSectionLine);
      }
      yield* records;
    },
  };
}
