import {
  type AdminRecord,
  type JournalRecord,
  type LedgerEngine,
  parseTime,
  type UndoLog,
} from '@pocketnet/ledger';
import type { Observable } from 'rxjs';
import type { ControllableClock } from '../time/controllable-clock.ts';

/**
 * A devnet's time and price are durable state: a restart on the same journal must not take the
 * clock back to wall time (the rounds' times and the ledger's record times stay ahead of it) nor
 * forget the price the next round opens with. Both are journaled as admin records (no offset:
 * nothing on the ledger), the journal being the only source of truth.
 */
export const clockMovedKind = 'devnet.clockMoved';
export const amuletPriceSetKind = 'devnet.amuletPriceSet';

export type ClockMoved = {
  readonly kind: typeof clockMovedKind;
  /** The node's time once moved (µs, decimal): a restart goes on from there. */
  readonly nowMicros: string;
};

export type AmuletPriceSet = { readonly kind: typeof amuletPriceSetKind; readonly price: string };

type DevnetTimeRecord = AdminRecord & { readonly change: ClockMoved | AmuletPriceSet };

const isDevnetTimeRecord = (record: JournalRecord): record is DevnetTimeRecord =>
  record.type === 'admin' &&
  (record.change.kind === clockMovedKind || record.change.kind === amuletPriceSetKind);

const commit = (engine: Pick<LedgerEngine, 'commitAdmin'>, change: DevnetTimeRecord['change']) =>
  engine.commitAdmin(
    (_state, recordTime): DevnetTimeRecord => ({ type: 'admin', recordTime, change }),
  );

/** What the journal says of the devnet's time: the price, the last record's time, the last move. */
type DevnetTime = {
  price: string | null;
  lastRecordTime: string | null;
  /** Where the clock was last moved to (µs, decimal), as the journal's last ClockMoved says. */
  movedTo: string | null;
};

/**
 * Follows the journal (replayed, then live) for the devnet's time and price. Created before the
 * engine recovers (it ends with the bus); `recovered()` then has the clock go on from where the journal left it: where
 * it was last moved to, or the last record time if later (time the clock ran on after a move).
 */
export function createDevnetTimeState(deps: {
  readonly records$: Observable<JournalRecord>;
  readonly clock: ControllableClock;
  readonly undo: UndoLog;
}) {
  const { undo } = deps;
  const state: DevnetTime = { price: null, lastRecordTime: null, movedTo: null };
  deps.records$.subscribe((record) => {
    undo.assign(state, 'lastRecordTime', record.recordTime);
    if (!isDevnetTimeRecord(record)) return;
    if (record.change.kind === amuletPriceSetKind) undo.assign(state, 'price', record.change.price);
    else {
      undo.assign(state, 'movedTo', record.change.nowMicros);
      deps.clock.resumeFrom(BigInt(record.change.nowMicros));
    }
  });
  // A restore puts these back without the records, so the clock is moved by `recovered()`.
  undo.section<DevnetTime>('devnet.time', {
    save: () => ({ ...state }),
    restore(saved) {
      Object.assign(state, saved);
    },
  });
  return {
    recovered(): void {
      const { lastRecordTime, movedTo } = state;
      if (movedTo !== null) deps.clock.resumeFrom(BigInt(movedTo));
      const last = lastRecordTime === null ? null : parseTime(lastRecordTime);
      if (last !== null) deps.clock.resumeFrom(last);
    },
    /** The price the next round opens with, if one was set. */
    amuletPrice: () => state.price,
    /** Journals where the clock now is; resolves once durable. */
    async journalClock(engine: Pick<LedgerEngine, 'commitAdmin'>): Promise<void> {
      const change: ClockMoved = {
        kind: clockMovedKind,
        nowMicros: deps.clock.nowMicros().toString(),
      };
      await commit(engine, change);
    },
    /** Journals the price the next round opens with; resolves once durable (and followed). */
    async journalPrice(engine: Pick<LedgerEngine, 'commitAdmin'>, value: string): Promise<void> {
      const change: AmuletPriceSet = { kind: amuletPriceSetKind, price: value };
      await commit(engine, change);
      undo.assign(state, 'price', value);
    },
  };
}

export type DevnetTimeState = ReturnType<typeof createDevnetTimeState>;
