/**
 * What runs on time (timers, the schedule, the queue) re-armed after a revert made in place
 * (issue 23): the undo log puts each holder's state back, but a timer set since, or one cleared
 * since, is not state a log can take back. Each holder adds how it re-arms from its rolled-back
 * state when it is built; the revert runs them all, in the order they were added, once the
 * state, the journal and the clock are back.
 */
export type AfterRevert = {
  add(rearm: () => void): void;
  run(): void;
};

export function createAfterRevert(): AfterRevert {
  const rearms: (() => void)[] = [];
  return {
    add(rearm) {
      rearms.push(rearm);
    },
    run() {
      for (const rearm of rearms) rearm();
    },
  };
}
