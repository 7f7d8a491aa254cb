import type { Observable, Subscription } from 'rxjs';
import { JobFailedError } from './job-errors.ts';
import type { JobEvent, JobResult, JobSnapshot } from './job-types.ts';

/** How a job ended: its result, or the reason it failed for good. */
export type Terminal = { readonly result: JobResult } | { readonly reason: string };

type Waiter = {
  readonly queue: string;
  readonly jobId: string;
  readonly since: number;
  settle(terminal: Terminal): void;
};

export function terminalOf(snapshot: JobSnapshot | null, jobId: string): Terminal | null {
  if (snapshot === null) return { reason: `no job ${jobId} is retained` };
  if (snapshot.state === 'completed') return { result: snapshot.result ?? { outcome: 'done' } };
  if (snapshot.state === 'failed') return { reason: snapshot.failedReason ?? 'failed' };
  return null;
}

/**
 * Who waits for which job to finish: one subscription to the runner's events settles them by
 * id; a wait also reads the job's state (it may be finished already, or its event missed: a
 * Redis event stream read from `$` starts a little late), at once and/or every `recheckMs`.
 */
export function createJobWaiters(deps: {
  readonly events$: Observable<JobEvent>;
  /** How the job ended, if it has (read from the runner's store). */
  readonly finished: (queue: string, jobId: string) => Promise<Terminal | null>;
  readonly recheckMs: number | null;
  /**
   * Read the state as soon as a wait starts (a job that finished before is settled at once).
   * Without, the first read comes after `recheckMs`: most jobs finish sooner, and their
   * completion event settles the wait without a read.
   */
  readonly checkAtOnce: boolean;
}) {
  const waiters = new Map<string, Set<Waiter>>();
  const keyOf = (queue: string, jobId: string) => `${queue}\u0000${jobId}`;
  const settleAll = (queue: string, jobId: string, terminal: Terminal) => {
    const key = keyOf(queue, jobId);
    const waiting = waiters.get(key);
    if (waiting === undefined) return;
    waiters.delete(key);
    for (const waiter of waiting) waiter.settle(terminal);
  };
  const subscription: Subscription = deps.events$.subscribe((event) => {
    if (event.type === 'completed') settleAll(event.queue, event.jobId, { result: event.result });
    if (event.type === 'failed') settleAll(event.queue, event.jobId, { reason: event.reason });
  });
  const check = async (queue: string, jobId: string) => {
    const terminal = await deps.finished(queue, jobId);
    if (terminal !== null) settleAll(queue, jobId, terminal);
  };
  // A sweep reads at most this many old waits, oldest first: missed events are rare (a stream
  // read that starts late), and a long backlog must not turn into a storm of reads.
  const recheckBatch = 50;
  const recheck =
    deps.recheckMs === null
      ? null
      : setInterval(() => {
          const due = Date.now() - (deps.recheckMs ?? 0);
          let budget = recheckBatch;
          for (const waiting of waiters.values()) {
            const [first] = waiting;
            if (first === undefined || first.since > due) continue;
            void check(first.queue, first.jobId).catch(() => {});
            budget -= 1;
            if (budget === 0) break;
          }
        }, deps.recheckMs).unref();
  return {
    wait(queue: string, jobId: string): Promise<JobResult> {
      const finished = new Promise<JobResult>((resolve, reject) => {
        const key = keyOf(queue, jobId);
        const waiting = waiters.get(key) ?? new Set<Waiter>();
        waiting.add({
          queue,
          jobId,
          since: Date.now(),
          settle: (terminal) =>
            'result' in terminal
              ? resolve(terminal.result)
              : reject(new JobFailedError(jobId, terminal.reason)),
        });
        waiters.set(key, waiting);
      });
      return deps.checkAtOnce ? check(queue, jobId).then(() => finished) : finished;
    },
    /** Reads a job's state now and settles its waits if it has finished. */
    check: (queue: string, jobId: string) => check(queue, jobId).catch(() => {}),
    close() {
      subscription.unsubscribe();
      if (recheck) clearInterval(recheck);
    },
  };
}
