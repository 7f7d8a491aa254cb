import type { Clock } from '../clock.ts';
import type { EngineState } from './engine-state.ts';
import { laterOf } from './timestamps.ts';

/** The two instants a commit is made at. */
export type CommitTimes = {
  /**
   * Strictly after every earlier record's, as a sequencer assigns each update of a
   * synchronizer a unique, increasing record time: records committed within one microsecond
   * of the clock are moved forward by the least needed.
   */
  readonly recordMicros: bigint;
  /** The clock's time, which a transaction's ledger time starts from; never moved forward. */
  readonly clockMicros: bigint;
};

/**
 * Reads the clock for each commit. The clock's time never goes back, and after recovery it
 * is never before the journal's last record time: a wall clock may be behind after a restart
 * (or a devnet's time was moved forward), and ledger time must not fall behind the contracts
 * already created.
 */
export function createCommitTimes(
  clock: Clock,
  state: Pick<EngineState, 'lastRecordMicros' | 'undo'>,
): { next(): CommitTimes; recovered(): void } {
  // A revert sets the clock back: the floor goes back with it, to where it was at the snapshot.
  const times = { floor: 0n };
  return {
    next() {
      const clockMicros = laterOf(clock.nowMicros(), times.floor);
      if (clockMicros !== times.floor) state.undo.assign(times, 'floor', clockMicros);
      return { clockMicros, recordMicros: laterOf(clockMicros, state.lastRecordMicros + 1n) };
    },
    recovered() {
      state.undo.assign(times, 'floor', laterOf(times.floor, state.lastRecordMicros));
    },
  };
}
