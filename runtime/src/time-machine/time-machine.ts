import { DomainError, formatMicros, type JournalRecord, recordJson } from '@pocketnet/ledger';
import type { PocketnetNode } from '../node/create-node.ts';
import { accessOf, type Caller, requireAdmin } from '../services/caller.ts';
import type { JournalStore } from './journal-store.ts';
import { type StateHeader, stateFormat } from './state-file.ts';

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
  /** The journal the current node runs on: how many records it holds, and what they are. */
  readonly journal: Pick<JournalStore, 'mark' | 'records'>;
  /** The seed of the devnet the node runs (null for a bare ledger), named in a state dump. */
  readonly seed: string | null;
};

export type TimeMachine = ReturnType<typeof createTimeMachine>;

/**
 * Snapshots, revert and reset (issue 23): a snapshot is a journal position and the clock; a
 * revert cuts the journal back to it, so every projection, actor, queue and schedule is what
 * the node rebuilds from that journal. Snapshots taken after the one reverted to are dropped
 * (their history is gone); the one reverted to stays, so a test loop reverts to it again and
 * again. Reset goes back to where the node was when it reported ready. One at a time; only a
 * participant admin may.
 */
export function createTimeMachine(deps: TimeMachineDeps) {
  let kept: Snapshot[] = [];
  let nextId = 1;
  let genesis: Snapshot | null = null;
  let running: Promise<unknown> = Promise.resolve();

  const guard = (caller: Caller) => requireAdmin(accessOf(caller, deps.current().participant));
  const pointOf = (id: string): Snapshot => {
    const node = deps.current();
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
    await deps.rewind(snapshot, reason);
    const node = deps.current();
    const nowMicros = node.clock.nowMicros();
    return {
      id: snapshot.id,
      ledgerEnd: node.engine.ledgerEnd(),
      now: formatMicros(nowMicros),
      nowMicros,
    };
  };

  return {
    /** Where `reset` goes back to: the node as it reported ready (genesis, a loaded state, a fixture). */
    markGenesis(): void {
      genesis = pointOf('genesis');
    },
    snapshots: (): readonly Snapshot[] => kept,
    snapshot(caller: Caller): Promise<Snapshot> {
      guard(caller);
      return serialized(async () => {
        const snapshot = pointOf(String(nextId));
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
        return result;
      });
    },
    /**
     * The node's state as JSON lines: a header (format, seed, ids, clock, record count) and then
     * every journal record as the journal holds it, in order (state-file.ts).
     */
    async *dump(caller: Caller): AsyncGenerator<string> {
      guard(caller);
      // The records are taken under the lock, so that no revert cuts the journal half-way
      // through; they are immutable, so they are rendered one line at a time afterwards.
      const { header, records } = await serialized(async () => {
        const node = deps.current();
        const taken: JournalRecord[] = [];
        for await (const record of deps.journal.records()) taken.push(record);
        const clockMicros = node.clock.nowMicros();
        const first: StateHeader = {
          format: stateFormat,
          seed: deps.seed,
          participantId: node.identity.participantId,
          synchronizerId: node.identity.synchronizerId,
          time: formatMicros(clockMicros),
          clockMicros: clockMicros.toString(),
          records: taken.length,
        };
        return { header: first, records: taken };
      });
      yield JSON.stringify(header);
      for (const record of records) yield recordJson(record);
    },
  };
}
