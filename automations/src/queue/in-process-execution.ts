import type { UndoLog } from '@pocketnet/ledger';
import type { Subject } from 'rxjs';
import {
  createInProcessQueue,
  type InProcessJob,
  type InProcessQueue,
  keepJob,
} from './in-process-queue.ts';
import { attemptsOf, backoffDelayMs } from './job-defaults.ts';
import { PermanentJobError, reasonOf } from './job-errors.ts';
import type { AutomationJob, JobEvent, JobProgress, JobResult, Processor } from './job-types.ts';

export type WorkerState = {
  readonly processor: Processor;
  readonly concurrency: number;
  readonly running: Map<InProcessJob, { controller: AbortController; done: Promise<void> }>;
  closing: boolean;
};

type Answer = { ok: true; result: JobResult } | { ok: false; error: unknown };

// BullMQ's default: a job that stalls a second time fails.
const maxStalledCount = 1;

/**
 * How the in-process runner moves jobs: waiting jobs go to free workers in order, a run's answer
 * completes the job or retries it after its backoff (a permanent failure, or the last attempt,
 * fails it), and a job whose worker was closed by force stalls back to waiting.
 */
export function createInProcessExecution(events: Subject<JobEvent>, undoLog: () => UndoLog | null) {
  const queues = new Map<string, InProcessQueue>();
  const workers = new Map<string, Set<WorkerState>>();
  const stalls = new Map<InProcessJob, number>();
  let tokens = 0;
  const queueOf = (name: string) => {
    let queue = queues.get(name);
    if (queue === undefined) {
      queue = createInProcessQueue(
        name,
        (job) => events.next({ type: 'waiting', queue: name, jobId: job.id, name: job.name }),
        undoLog,
      );
      queues.set(name, queue);
    }
    return queue;
  };
  const keep = (job: InProcessJob) => {
    const undo = undoLog();
    if (undo === null) return;
    keepJob(undo, job, (delayed) => {
      const queue = queueOf(delayed.queue);
      later(queue, delayed, backoffDelayMs(delayed.options.backoff, delayed.attemptsMade));
    });
  };
  const later = (queue: InProcessQueue, job: InProcessJob, delayMs: number) => {
    keep(job);
    job.state = 'delayed';
    job.timer = setTimeout(() => {
      job.timer = null;
      keep(job);
      queue.moveTo(job, 'waiting');
      dispatch(queue.name);
    }, delayMs);
  };
  const fail = (queue: InProcessQueue, job: InProcessJob, reason: string) => {
    keep(job);
    job.failedReason = reason;
    queue.moveTo(job, 'failed');
    events.next({ type: 'failed', queue: queue.name, jobId: job.id, name: job.name, reason });
  };
  const settle = (queue: InProcessQueue, job: InProcessJob, answer: Answer) => {
    keep(job);
    if (answer.ok) {
      job.result = answer.result;
      queue.moveTo(job, 'completed');
      const { result } = answer;
      events.next({ type: 'completed', queue: queue.name, jobId: job.id, name: job.name, result });
      return;
    }
    job.attemptsMade += 1;
    const permanent = answer.error instanceof PermanentJobError;
    if (!permanent && job.attemptsMade < attemptsOf(job.options)) {
      later(queue, job, backoffDelayMs(job.options.backoff, job.attemptsMade));
    } else {
      fail(queue, job, reasonOf(answer.error));
    }
  };
  const viewOf = (
    queue: InProcessQueue,
    job: InProcessJob,
    owns: () => boolean,
  ): AutomationJob => ({
    id: job.id,
    name: job.name,
    data: job.data,
    attemptsMade: job.attemptsMade,
    updateProgress: async (progress: JobProgress) => {
      if (!owns()) return;
      keep(job);
      job.progress = progress;
      events.next({ type: 'progress', queue: queue.name, jobId: job.id, name: job.name, progress });
    },
  });
  const start = (queue: InProcessQueue, worker: WorkerState, job: InProcessJob) => {
    tokens += 1;
    const token = tokens;
    keep(job);
    job.state = 'active';
    job.token = token;
    // A stalled run may still answer: only the run that owns the job settles it.
    const owns = () => job.token === token && job.state === 'active';
    const controller = new AbortController();
    events.next({ type: 'active', queue: queue.name, jobId: job.id, name: job.name });
    const done = worker
      .processor(viewOf(queue, job, owns), controller.signal)
      .then(
        (result) => owns() && settle(queue, job, { ok: true, result }),
        (error: unknown) => owns() && settle(queue, job, { ok: false, error }),
      )
      .finally(() => {
        worker.running.delete(job);
        dispatch(queue.name);
      });
    worker.running.set(job, { controller, done: done.then(() => {}) });
  };
  const dispatch = (name: string) => {
    const queue = queueOf(name);
    for (const worker of workers.get(name) ?? []) {
      while (!worker.closing && worker.running.size < worker.concurrency) {
        const job = queue.takeWaiting();
        if (job === undefined) return;
        if (job.state === 'waiting') start(queue, worker, job);
      }
    }
  };
  return {
    queues,
    workers,
    queueOf,
    later,
    dispatch,
    /** A job whose worker died mid-run goes back to waiting (once), as BullMQ's stall check does. */
    stall(queue: InProcessQueue, job: InProcessJob) {
      const count = (stalls.get(job) ?? 0) + 1;
      stalls.set(job, count);
      keep(job);
      job.token = 0;
      if (count > maxStalledCount) fail(queue, job, 'job stalled more than allowable limit');
      else queue.moveTo(job, 'waiting');
    },
  };
}

export type InProcessExecution = ReturnType<typeof createInProcessExecution>;
