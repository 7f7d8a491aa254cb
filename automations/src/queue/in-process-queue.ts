import type { UndoLog } from '@pocketnet/ledger';
import { retainedJobs } from './job-defaults.ts';
import type {
  JobCounts,
  JobOptions,
  JobProgress,
  JobResult,
  JobSnapshot,
  JobState,
} from './job-types.ts';

export type InProcessJob = {
  readonly queue: string;
  readonly id: string;
  readonly name: string;
  readonly data: unknown;
  readonly options: JobOptions;
  state: JobState;
  attemptsMade: number;
  progress: JobProgress | null;
  result: JobResult | null;
  failedReason: string | null;
  /** Which run owns the job while it is active; a stalled run's late answer is ignored. */
  token: number;
  timer: ReturnType<typeof setTimeout> | null;
};

/**
 * What a job was before a change, for the node's undo log: a rollback (issue 23) puts the job
 * back as it was at the mark, so that a job id seen again after a revert runs again.
 */
export function keepJob(undo: UndoLog, job: InProcessJob, rearm: (job: InProcessJob) => void) {
  if (!undo.recording) return;
  const { state, attemptsMade, progress, result, failedReason, token } = job;
  undo.record(() => {
    Object.assign(job, { state, attemptsMade, progress, result, failedReason, token });
    // A retry that was waiting for its backoff waits again; its old timer may have fired.
    if (state === 'delayed' && job.timer === null) rearm(job);
  });
}

/** One queue's jobs: by id, the waiting ones in order, and the finished ones it retains. */
export function createInProcessQueue(
  name: string,
  onWaiting: (job: InProcessJob) => void,
  /** The undo log the runner records into, once it has one. */
  undoLog: () => UndoLog | null,
) {
  const jobs = new Map<string, InProcessJob>();
  const waiting: InProcessJob[] = [];
  const finished = { completed: [] as string[], failed: [] as string[] };
  const retain = (job: InProcessJob, state: 'completed' | 'failed') => {
    const ids = finished[state];
    ids.push(job.id);
    const undo = undoLog();
    undo?.record(() => ids.pop());
    while (ids.length > retainedJobs[state]) {
      const dropped = ids.shift();
      if (dropped === undefined) continue;
      const droppedJob = jobs.get(dropped);
      jobs.delete(dropped);
      undo?.record(() => {
        ids.unshift(dropped);
        if (droppedJob) jobs.set(dropped, droppedJob);
      });
    }
  };
  return {
    name,
    jobs,
    waiting,
    /** The next waiting job, if any (a rollback puts it back in front). */
    takeWaiting(): InProcessJob | undefined {
      const job = waiting.shift();
      if (job !== undefined) undoLog()?.record(() => waiting.unshift(job));
      return job;
    },
    /** A job in `state`, retained as finished when it completed or failed. */
    moveTo(job: InProcessJob, state: JobState) {
      job.state = state;
      if (state === 'waiting') {
        waiting.push(job);
        undoLog()?.record(() => {
          const index = waiting.lastIndexOf(job);
          if (index >= 0) waiting.splice(index, 1);
        });
        onWaiting(job);
      }
      if (state === 'completed' || state === 'failed') retain(job, state);
    },
    counts(): JobCounts {
      const counts = { waiting: 0, delayed: 0, active: 0, completed: 0, failed: 0 };
      for (const job of jobs.values()) counts[job.state] += 1;
      return counts;
    },
    /** Newest first: finished jobs by when they finished, the others by when they were added. */
    list(state: JobState, limit: number): JobSnapshot[] {
      const inState =
        state === 'completed' || state === 'failed'
          ? finished[state].flatMap((id) => jobs.get(id) ?? [])
          : [...jobs.values()];
      return inState
        .filter((job) => job.state === state)
        .reverse()
        .slice(0, limit)
        .map(snapshotOf);
    },
  };
}

export type InProcessQueue = ReturnType<typeof createInProcessQueue>;

export function snapshotOf(job: InProcessJob): JobSnapshot {
  return {
    queue: job.queue,
    id: job.id,
    name: job.name,
    state: job.state,
    attemptsMade: job.attemptsMade,
    progress: job.progress,
    result: job.result,
    failedReason: job.failedReason,
    data: job.data,
  };
}
