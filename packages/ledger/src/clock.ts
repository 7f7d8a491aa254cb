/**
 * The node's clock. Domain code reads time only from here, so a simulated clock lets tests
 * and users move time instead of waiting for it.
 */
export type Clock = {
  /** Current time in microseconds since the epoch (Daml's Time resolution). */
  nowMicros(): bigint;
  readonly kind: 'wall' | 'simulated';
};

export type SimulatedClock = Clock & {
  readonly kind: 'simulated';
  advance(micros: bigint): void;
  set(micros: bigint): void;
};

export function createWallClock(): Clock {
  // A monotonic guard: two reads never go backwards, even if the OS clock steps back.
  let last = 0n;
  return {
    kind: 'wall',
    nowMicros() {
      const now = BigInt(Date.now()) * 1000n;
      last = now > last ? now : last;
      return last;
    },
  };
}

export function createSimulatedClock(startMicros: bigint): SimulatedClock {
  let now = startMicros;
  return {
    kind: 'simulated',
    nowMicros: () => now,
    advance(micros) {
      if (micros < 0n) throw new RangeError('time can only move forward');
      now += micros;
    },
    set(micros) {
      if (micros < now) throw new RangeError('time can only move forward');
      now = micros;
    },
  };
}

/** ISO-8601 with exactly six fractional digits and `Z`, as the Ledger API renders Time. */
export function formatMicros(micros: bigint): string {
  // Number arithmetic where it is exact (after 1970, up to the year 2255): bigint division is
  // what made this show in profiles, once per transaction.
  if (micros < 0n || micros > maxExactMicros) return formatMicrosExactly(micros);
  const total = Number(micros);
  const seconds = Math.floor(total / 1_000_000);
  const iso = new Date(seconds * 1000).toISOString();
  return joinTime(iso, String(total - seconds * 1_000_000));
}

const maxExactMicros = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * formatMicros for a stream of instants that mostly share their second (record times): the
 * rendering of the last whole second is kept, so most calls only render the fraction. The
 * date part was half of the cost of a transaction's timestamps.
 */
export function createTimeFormatter(): (micros: bigint) => string {
  let lastSeconds = Number.NaN;
  let lastIso = '';
  return (micros) => {
    if (micros < 0n || micros > maxExactMicros) return formatMicrosExactly(micros);
    const total = Number(micros);
    const seconds = Math.floor(total / 1_000_000);
    if (seconds !== lastSeconds) {
      lastIso = new Date(seconds * 1000).toISOString();
      lastSeconds = seconds;
    }
    return joinTime(lastIso, String(total - seconds * 1_000_000));
  };
}

function formatMicrosExactly(micros: bigint): string {
  const iso = new Date(Number(micros / 1000n)).toISOString();
  return joinTime(iso, (micros % 1_000_000n).toString());
}

function joinTime(iso: string, fraction: string): string {
  // join builds one flat string; a template would keep a cons string and its parts alive.
  return [iso.slice(0, 19), '.', fraction.padStart(6, '0'), 'Z'].join('');
}
