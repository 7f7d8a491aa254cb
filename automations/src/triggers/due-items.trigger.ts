import { type UndoLog, undoableSet } from '@pocketnet/ledger';
import type { BackgroundTask } from '@pocketnet/runtime';
import type { JobDispatch } from './job-dispatch.ts';
import type { DueItem } from './job-trigger.ts';

const keyOf = (item: DueItem) => `${item.trigger.queue}/${item.trigger.jobId}`;

/**
 * A repeatable schedule on the node's clock: when moving time reaches an item's due time, its
 * job is enqueued and awaited before time moves on. Each item is enqueued once; its job id
 * (derived from the trigger) deduplicates it against the same job triggered from the bus.
 */
export function createDueItemsTrigger(deps: {
  readonly name: string;
  readonly items: () => readonly DueItem[];
  readonly now: () => bigint;
  readonly dispatch: JobDispatch;
  /** A rollback forgets what was dispatched after its mark, so that it is dispatched again. */
  readonly undo: UndoLog;
}): BackgroundTask {
  const dispatched = undoableSet<string>(deps.undo);
  const open = () => deps.items().filter((item) => !dispatched.has(keyOf(item)));
  return {
    name: deps.name,
    // It only enqueues jobs, which its dispatch runs on the queues: it runs in the node.
    runsAs: 'here',
    nextDueMicros() {
      let next: bigint | null = null;
      for (const item of open()) {
        if (next === null || item.dueMicros < next) next = item.dueMicros;
      }
      return next;
    },
    async run() {
      const now = deps.now();
      const due = open().filter((item) => item.dueMicros <= now);
      for (const item of due) dispatched.add(keyOf(item));
      await Promise.all(due.map((item) => deps.dispatch.fire(item.trigger)));
      // Forget items that are gone, so the set holds only what is still pending.
      const current = new Set(deps.items().map(keyOf));
      for (const key of dispatched) if (!current.has(key)) dispatched.delete(key);
    },
  };
}

/** Due while triggered jobs are unfinished: time moves on only once they are done. */
export function createSettleTrigger(dispatch: JobDispatch, now: () => bigint): BackgroundTask {
  return {
    name: 'automation-jobs',
    runsAs: 'here',
    nextDueMicros: () => (dispatch.pending() > 0 ? now() : null),
    run: () => dispatch.settled(),
  };
}
