import type { UndoLog } from '@pocketnet/ledger';
import type { Observable } from 'rxjs';

/** The states a job passes through, as BullMQ names them. */
export const jobStates = ['waiting', 'delayed', 'active', 'completed', 'failed'] as const;
export type JobState = (typeof jobStates)[number];
export type JobCounts = Readonly<Record<JobState, number>>;

/**
 * What a processor reports: it did the work, there was nothing to do (already done, e.g. the
 * ledger dropped a duplicate command), or the trigger no longer holds (its contract is gone).
 */
export type JobOutcome = 'done' | 'noop' | 'stale';
export type JobResult = {
  readonly outcome: JobOutcome;
  readonly detail?: string;
  /** Stale because the ledger found this contract inactive (see rerunOnConflict). */
  readonly inactiveContract?: string;
  /** Nothing done because the wallet cannot pay yet (the reason): tried again once it can. */
  readonly awaitingFunds?: string;
};

/** How far a long job got: a percentage or a few named counters (JSON only). */
export type JobProgress = number | Readonly<Record<string, number>>;

export type JobBackoff = { readonly type: 'fixed' | 'exponential'; readonly delayMs: number };

export type JobOptions = {
  /** Derived from the trigger: adding a job whose id is still retained adds nothing. */
  readonly jobId: string;
  readonly attempts?: number;
  readonly backoff?: JobBackoff;
  readonly delayMs?: number;
};

export type JobRequest = {
  readonly name: string;
  readonly data: unknown;
  readonly options: JobOptions;
};

/** What a processor sees of a job: the shape a BullMQ Job and an in-process job share. */
export type AutomationJob = {
  readonly id: string;
  readonly name: string;
  readonly data: unknown;
  /** Attempts that failed before this one. */
  readonly attemptsMade: number;
  updateProgress(progress: JobProgress): Promise<void>;
};

export type Processor = (job: AutomationJob, signal: AbortSignal) => Promise<JobResult>;

export type JobSnapshot = {
  readonly queue: string;
  readonly id: string;
  readonly name: string;
  readonly state: JobState;
  readonly attemptsMade: number;
  readonly progress: JobProgress | null;
  readonly result: JobResult | null;
  readonly failedReason: string | null;
  readonly data: unknown;
};

export type JobEvent = (
  | {
      /** Ready to run: just added, its delay or backoff over, or stalled back. */
      readonly type: 'waiting';
      readonly queue: string;
      readonly jobId: string;
    }
  | { readonly type: 'active'; readonly queue: string; readonly jobId: string }
  | {
      readonly type: 'progress';
      readonly queue: string;
      readonly jobId: string;
      readonly progress: JobProgress;
    }
  | {
      readonly type: 'completed';
      readonly queue: string;
      readonly jobId: string;
      readonly result: JobResult;
    }
  | {
      /** A failure for good: no attempt is left, or the failure was permanent. */
      readonly type: 'failed';
      readonly queue: string;
      readonly jobId: string;
      readonly reason: string;
    }
) & {
  /** The job's name, when the runner knows it without a read. */
  readonly name?: string;
};

export type JobWorker = {
  /** Stops taking jobs; waits for the running ones unless `force` (they stall and rerun). */
  close(options?: { readonly force?: boolean }): Promise<void>;
};

/**
 * One queue interface, two adapters: BullMQ on Redis and an in-process runner. Both give jobs
 * ids from their trigger (a second add of a retained id adds nothing), retry with backoff,
 * fail permanent errors at once, report progress, count jobs per state and emit events.
 */
export type JobRunner = {
  readonly kind: 'bullmq' | 'in-process';
  add(queue: string, request: JobRequest): Promise<string>;
  work(queue: string, processor: Processor, options?: { readonly concurrency?: number }): JobWorker;
  /** The job's result once it completes; rejects with JobFailedError once it fails for good. */
  waitFor(queue: string, jobId: string): Promise<JobResult>;
  job(queue: string, jobId: string): Promise<JobSnapshot | null>;
  counts(queue: string): Promise<JobCounts>;
  /** Jobs in `state`, newest first. */
  list(queue: string, state: JobState, limit: number): Promise<JobSnapshot[]>;
  readonly events$: Observable<JobEvent>;
  /** Makes `events$` carry this queue's events (BullMQ listens per queue; in-process always). */
  listen(queue: string): Promise<void>;
  /**
   * Has the runner record its jobs' changes in the node's undo log, so that a revert in place
   * (issue 23) takes them back; a runner without it (BullMQ's, in Redis) is rebuilt instead.
   */
  recordChangesIn?(undo: UndoLog): void;
  close(): Promise<void>;
};
