import type { ControllableClock } from './controllable-clock.ts';

/** Something that falls due at a time of the node's clock and acts then (on the ledger). */
export type DueTask = {
  readonly name: string;
  /** When it next falls due (µs), or null while nothing is pending. */
  nextDueMicros(): bigint | null;
  /** Does what is due at the clock's current time. */
  run(): Promise<void>;
};

export type Scheduler = {
  /** Moves the clock to `target`, running every task that falls due on the way, in time order. */
  advanceTo(target: bigint): Promise<void>;
  /** Runs whatever is due now (the wall clock's periodic check). */
  runDue(): Promise<void>;
};

/**
 * Time control that keeps cause and effect in order: when a user moves time forward by a day,
 * each round change and expiry happens at its own moment, one after another, not all at the end.
 */
export function createScheduler(clock: ControllableClock, tasks: readonly DueTask[]): Scheduler {
  let running: Promise<void> = Promise.resolve();
  const earliest = () => {
    let next: { task: DueTask; due: bigint } | null = null;
    for (const task of tasks) {
      const due = task.nextDueMicros();
      if (due !== null && (next === null || due < next.due)) next = { task, due };
    }
    return next;
  };
  const runDueNow = async () => {
    // A task may make another due (a round opening makes the next one pending), so loop.
    for (let guard = 0; guard < 10_000; guard++) {
      const next = earliest();
      if (next === null || next.due > clock.nowMicros()) return;
      await next.task.run();
    }
    throw new Error('scheduled tasks keep falling due: one of them makes no progress');
  };
  const advanceTo = async (target: bigint) => {
    for (;;) {
      await runDueNow();
      const next = earliest();
      if (next === null || next.due > target) break;
      clock.setTo(next.due > clock.nowMicros() ? next.due : clock.nowMicros());
    }
    if (target > clock.nowMicros()) clock.setTo(target);
    await runDueNow();
  };
  // Serialised: two advances at once would interleave their steps.
  const serial = (work: () => Promise<void>) => {
    const result = running.then(work);
    running = result.catch(() => {});
    return result;
  };
  return {
    advanceTo: (target) => serial(() => advanceTo(target)),
    runDue: () => serial(runDueNow),
  };
}
