import type { UndoLog } from '@pocketnet/ledger';
import { Subject } from 'rxjs';
import {
  createInProcessExecution,
  type InProcessExecution,
  type WorkerState,
} from './in-process-execution.ts';
import { type InProcessJob, snapshotOf } from './in-process-queue.ts';
import { checkJobId } from './job-errors.ts';
import type { JobEvent, JobRequest, JobRunner, JobWorker, Processor } from './job-types.ts';
import { createJobWaiters, terminalOf } from './job-waiters.ts';

function addJob(
  execution: InProcessExecution,
  name: string,
  request: JobRequest,
  undo: UndoLog | null,
): string {
  const { jobId } = request.options;
  checkJobId(jobId);
  const queue = execution.queueOf(name);
  if (queue.jobs.has(jobId)) return jobId;
  const job: InProcessJob = {
    queue: name,
    id: jobId,
    name: request.name,
    data: structuredClone(request.data),
    options: request.options,
    state: 'waiting',
    attemptsMade: 0,
    progress: null,
    result: null,
    failedReason: null,
    token: 0,
    timer: null,
  };
  queue.jobs.set(jobId, job);
  // A job added after the mark is gone after a rollback: its id may be triggered again.
  undo?.record(() => {
    queue.jobs.delete(jobId);
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
  });
  const delayMs = request.options.delayMs ?? 0;
  if (delayMs > 0) execution.later(queue, job, delayMs);
  else queue.moveTo(job, 'waiting');
  queueMicrotask(() => execution.dispatch(name));
  return jobId;
}

function startWorker(execution: InProcessExecution, name: string, worker: WorkerState): JobWorker {
  const set = execution.workers.get(name) ?? new Set<WorkerState>();
  set.add(worker);
  execution.workers.set(name, set);
  queueMicrotask(() => execution.dispatch(name));
  return {
    async close({ force = false } = {}) {
      worker.closing = true;
      set.delete(worker);
      const running = [...worker.running.entries()];
      if (!force) {
        await Promise.all(running.map(([, run]) => run.done));
        return;
      }
      for (const [job, run] of running) {
        run.controller.abort(new Error('worker closed'));
        execution.stall(execution.queueOf(name), job);
      }
      execution.dispatch(name);
    },
  };
}

/**
 * The runner `npm start` uses without Redis: the same interface and the same semantics as the
 * BullMQ adapter (ids, dedup, retries with backoff, permanent failures, progress, counts,
 * events, stalled jobs rerun), with every job in this process's memory.
 */
export function createInProcessRunner(
  options: {
    /**
     * The node's undo log (or later, `recordChangesIn`): the jobs then go back with a revert
     * (issue 23), so that the jobs the same triggers make again after it run again, rather than
     * answer from the undone future.
     */
    readonly undo?: UndoLog;
  } = {},
): JobRunner {
  let undo: UndoLog | null = options.undo ?? null;
  const events = new Subject<JobEvent>();
  const execution = createInProcessExecution(events, () => undo);
  const jobOf = (name: string, jobId: string) => execution.queueOf(name).jobs.get(jobId);
  const waiters = createJobWaiters({
    events$: events,
    finished: async (name, jobId) => {
      const job = jobOf(name, jobId);
      return terminalOf(job === undefined ? null : snapshotOf(job), jobId);
    },
    recheckMs: null,
    checkAtOnce: true,
  });
  return {
    kind: 'in-process',
    add: async (name, request) => addJob(execution, name, request, undo),
    work: (name, processor: Processor, options = {}) =>
      startWorker(execution, name, {
        processor,
        concurrency: options.concurrency ?? 1,
        running: new Map(),
        closing: false,
      }),
    waitFor: (name, jobId) => waiters.wait(name, jobId),
    job: async (name, jobId) => {
      const job = jobOf(name, jobId);
      return job === undefined ? null : snapshotOf(job);
    },
    counts: async (name) => execution.queueOf(name).counts(),
    list: async (name, state, limit) => execution.queueOf(name).list(state, limit),
    events$: events.asObservable(),
    listen: async () => {},
    recordChangesIn(log) {
      undo = log;
    },
    async close() {
      const workers = [...execution.workers.values()].flatMap((set) => [...set]);
      for (const worker of workers) worker.closing = true;
      await Promise.all(
        workers.flatMap((worker) => [...worker.running.values()].map((run) => run.done)),
      );
      for (const queue of execution.queues.values()) {
        for (const job of queue.jobs.values()) if (job.timer) clearTimeout(job.timer);
      }
      waiters.close();
      events.complete();
    },
  };
}
