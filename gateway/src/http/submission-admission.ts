import { DomainError } from '@pocketnet/ledger';
import { type AdaptiveLimitSettings, createInFlightLimit } from '@pocketnet/runtime';

/** The limits `start` reads from POCKETNET_MAX_IN_FLIGHT, …_WRITER_MAX_QUEUE_MS, …_ADAPTIVE_LIMIT. */
export type SubmissionAdmissionLimits = {
  /** Commands in flight at once at most; beyond, PARTICIPANT_BACKPRESSURE. */
  readonly maxInFlight: number;
  /**
   * Given, the limit adapts under `maxInFlight` to keep commands' latency near what it is
   * without load (runtime's adaptive-limit.ts); absent or null, it stays at `maxInFlight`.
   */
  readonly adaptive?: AdaptiveLimitSettings | null;
  /**
   * How long the oldest command in flight may wait for its commit: past that the pipeline is
   * stalled (a slow journal, a saturated process), a new command would wait at least as long,
   * and it is refused rather than queued.
   */
  readonly maxQueueMs: number;
};

/**
 * Admission of commands to the engine and journal: `admit` hands out a ticket or throws
 * PARTICIPANT_BACKPRESSURE before anything is done; `release` returns the ticket once the
 * command is answered (`failed`: without a result, so its latency says nothing of the
 * writer's queue). Both are O(1) (amortised) and allocate nothing unless they refuse; with
 * the adaptive limit, one ticket in 8 reads the clock at each end.
 */
export type SubmissionAdmission = {
  admit(): number;
  release(ticket: number, failed?: boolean): void;
  inFlight(): number;
  /** Commands admitted at once now (the adaptive limit, or maxInFlight). */
  limit(): number;
};

/**
 * One command in 8 is timed: a window of the adaptive limit's 16 latencies every 128 commands.
 * Measured on this project's VMs, where a clock read costs 0.1–0.2 µs: admit + release take
 * ~45 ns, ~95 ns so timed, and ~205 ns with a clock read at both ends of every command (a
 * submission is ~70 µs on a fast machine, so either is noise; one in 8 keeps it that way).
 */
const timedMask = 7;

const overloaded = (reason: string) =>
  new DomainError('PARTICIPANT_BACKPRESSURE', `The participant is overloaded: ${reason}`);

function ringSize(maxInFlight: number): number {
  let size = 64;
  while (size < maxInFlight * 2 && size < 1 << 20) size *= 2;
  return size;
}

/** Checks of the oldest command per queue limit: it is seen stuck within 1¼ limits. */
const checksPerLimit = 4;

/**
 * Tickets are consecutive numbers; a ring marks which are still in flight, and `head` is the
 * oldest one not released. Commits finish in journal order, so the head moves on with them. A
 * watchdog, running only while commands are in flight, looks at the head every quarter of the
 * queue limit: a head that has not moved for the whole limit has waited at least that long,
 * and until it moves new commands are refused. (A clock read per command costs ~0.1 µs here;
 * the watchdog costs nothing per command.) The in-flight limit is the adaptive one's, read
 * again after each latency it is given, so that admission itself calls nothing.
 */
export function createSubmissionAdmission(limits: SubmissionAdmissionLimits): SubmissionAdmission {
  const size = ringSize(limits.maxInFlight);
  const mask = size - 1;
  const live = new Uint8Array(size);
  const limit = createInFlightLimit(limits.maxInFlight, limits.adaptive);
  const timed = limits.adaptive !== undefined && limits.adaptive !== null;
  const admittedAt = new Float64Array(timed ? size : 0);
  let allowed = limit.current();
  const checkMs = Math.max(1, Math.floor(limits.maxQueueMs / checksPerLimit));
  let head = 0;
  let next = 0;
  let inFlight = 0;
  let stalled = false;
  let watchdog: NodeJS.Timeout | null = null;
  let watchedHead = -1;
  let stillChecks = 0;

  const watch = () => {
    if (inFlight === 0) {
      clearInterval(watchdog ?? undefined);
      watchdog = null;
      stalled = false;
      return;
    }
    stillChecks = head === watchedHead ? stillChecks + 1 : 0;
    watchedHead = head;
    stalled = stillChecks * checkMs >= limits.maxQueueMs;
  };
  return {
    admit() {
      if (inFlight >= allowed) {
        throw overloaded(`${inFlight} commands are in flight; retry later`);
      }
      if (stalled) {
        throw overloaded(
          `the oldest command in flight has waited over ${limits.maxQueueMs} ms to be committed; retry later`,
        );
      }
      // A command far older than all the others since: the pipeline is stuck.
      if (next - head >= size) throw overloaded('a command in flight is stuck; retry later');
      if (watchdog === null) {
        watchedHead = -1;
        watchdog = setInterval(watch, checkMs).unref();
      }
      live[next & mask] = 1;
      if (timed && (next & timedMask) === 0) admittedAt[next & mask] = performance.now();
      inFlight += 1;
      next += 1;
      return next - 1;
    },
    release(ticket, failed) {
      const slot = ticket & mask;
      if (ticket < head || ticket >= next || live[slot] === 0) return;
      live[slot] = 0;
      inFlight -= 1;
      if (timed && (ticket & timedMask) === 0 && failed !== true) {
        limit.observe(performance.now() - (admittedAt[slot] ?? 0), inFlight);
        allowed = limit.current();
      }
      if (ticket !== head) return;
      while (head < next && live[head & mask] === 0) head += 1;
      // The oldest command is answered: the pipeline moves again.
      stalled = false;
    },
    inFlight: () => inFlight,
    limit: limit.current,
  };
}
