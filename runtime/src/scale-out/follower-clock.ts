import { type Clock, type JournalRecord, parseTime } from '@pocketnet/ledger';

export type FollowerClock = Clock & {
  /** Another process's time (the writer's), seen now: this clock is never behind it again. */
  observe(micros: bigint): void;
};

/**
 * A replica's clock: its own wall clock, moved forward by however far the writer's time is
 * ahead (a devnet whose time was advanced). It learns that from the writer's answers and from
 * the record times on the journal, and never goes back.
 */
export function createFollowerClock(base: Clock): FollowerClock {
  let skew = 0n;
  let last = 0n;
  return {
    kind: base.kind,
    nowMicros() {
      const now = base.nowMicros() + skew;
      last = now > last ? now : last;
      return last;
    },
    observe(micros) {
      const ahead = micros - base.nowMicros();
      if (ahead > skew) skew = ahead;
    },
  };
}

/** A journal record seen (replayed or followed): the writer's clock had reached its time. */
export function observeRecordTime(clock: FollowerClock, record: JournalRecord): void {
  const micros = parseTime(record.recordTime);
  if (micros !== null) clock.observe(micros);
}
