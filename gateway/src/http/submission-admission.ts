import { DomainError } from '@pocketnet/runtime';

/** The limits `start` reads from POCKETNET_MAX_IN_FLIGHT and POCKETNET_WRITER_MAX_QUEUE_MS. */
export type SubmissionAdmissionLimits = {
  /** Commands in flight at once at most; beyond, PARTICIPANT_BACKPRESSURE. */
  readonly maxInFlight: number;
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
 * command is answered. Both are O(1) (amortised), read no clock and allocate nothing unless
 * they refuse.
 */
export type SubmissionAdmission = {
  admit(): number;
  release(ticket: number): void;
  inFlight(): number;
};

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
 * the watchdog costs nothing per command.)
 */
export function createSubmissionAdmission(limits: SubmissionAdmissionLimits): SubmissionAdmission {
  const size = ringSize(limits.maxInFlight);
  const mask = size - 1;
  const live = new Uint8Array(size);
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
      if (inFlight >= limits.maxInFlight) {
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
      inFlight += 1;
      next += 1;
      return next - 1;
    },
    release(ticket) {
      const slot = ticket & mask;
      if (ticket < head || ticket >= next || live[slot] === 0) return;
      live[slot] = 0;
      inFlight -= 1;
      if (ticket !== head) return;
      while (head < next && live[head & mask] === 0) head += 1;
      // The oldest command is answered: the pipeline moves again.
      stalled = false;
    },
    inFlight: () => inFlight,
  };
}
