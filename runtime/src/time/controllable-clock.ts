import type { Clock } from '@pocketnet/ledger';

/**
 * The node's clock as users control it: wall time (or a simulated time in tests) plus however
 * far it was moved forward. Time never goes back, so a later read is never earlier.
 */
export type ControllableClock = Clock & {
  /** Moves time forward by `micros` (≥ 0). */
  advance(micros: bigint): void;
  /** Moves time forward to `micros`; earlier times are refused. */
  setTo(micros: bigint): void;
  /**
   * Goes on from a time the journal says the clock had reached (where it was moved to, the last
   * record time): from there on with its base, or with its base if that is already later.
   */
  resumeFrom(micros: bigint): void;
  /**
   * Puts the clock back at `micros`, from where it goes on with its base: a revert's only
   * (issue 23), which takes back everything that happened after that time.
   */
  rewindTo(micros: bigint): void;
};

export function createControllableClock(base: Clock): ControllableClock {
  let skew = 0n;
  let last = 0n;
  const now = () => {
    const value = base.nowMicros() + skew;
    last = value > last ? value : last;
    return last;
  };
  return {
    kind: base.kind,
    nowMicros: now,
    advance(micros) {
      if (micros < 0n) throw new RangeError('time only moves forward');
      skew += micros;
    },
    setTo(micros) {
      const current = now();
      if (micros < current) throw new RangeError('time only moves forward');
      skew += micros - current;
    },
    resumeFrom(micros) {
      const current = now();
      if (micros > current) skew += micros - current;
    },
    rewindTo(micros) {
      skew = micros - base.nowMicros();
      last = micros;
    },
  };
}
