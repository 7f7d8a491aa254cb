import type { Job, JobType } from 'bullmq';
import type { JobCounts, JobProgress, JobResult, JobSnapshot, JobState } from './job-types.ts';

/** Our five states over BullMQ's finer ones (prioritized and paused jobs are waiting too). */
export const bullmqStatesOf: Record<JobState, readonly JobType[]> = {
  waiting: ['waiting', 'prioritized', 'waiting-children'],
  delayed: ['delayed'],
  active: ['active'],
  completed: ['completed'],
  failed: ['failed'],
};

const stateOfBullmq = (state: string): JobState | null => {
  for (const [ours, theirs] of Object.entries(bullmqStatesOf)) {
    if ((theirs as readonly string[]).includes(state)) return ours as JobState;
  }
  return null;
};

export function countsOfBullmq(counts: Record<string, number>): JobCounts {
  const sum = (state: JobState) =>
    bullmqStatesOf[state].reduce((total, type) => total + (counts[type] ?? 0), 0);
  return {
    waiting: sum('waiting'),
    delayed: sum('delayed'),
    active: sum('active'),
    completed: sum('completed'),
    failed: sum('failed'),
  };
}

export async function snapshotOfBullmq(
  queue: string,
  job: Job,
  known?: JobState,
): Promise<JobSnapshot | null> {
  const state = known ?? stateOfBullmq(await job.getState());
  if (state === null) return null;
  const progress = job.progress;
  return {
    queue,
    id: job.id ?? '',
    name: job.name,
    state,
    attemptsMade: job.attemptsMade,
    progress:
      typeof progress === 'number' || typeof progress === 'object'
        ? (progress as JobProgress)
        : null,
    result: (job.returnvalue as JobResult | null | undefined) ?? null,
    failedReason: job.failedReason || null,
    data: job.data,
  };
}
