import type { JobBackoff, JobOptions } from './job-types.ts';

/** Job options set in one place: three attempts, exponential backoff from half a second. */
export const defaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delayMs: 500 } satisfies JobBackoff,
} as const;

/** How many finished jobs each queue keeps: a retained id still deduplicates. */
export const retainedJobs = { completed: 1000, failed: 1000 } as const;

export function attemptsOf(options: JobOptions): number {
  return options.attempts ?? defaultJobOptions.attempts;
}

/** BullMQ's built-in strategies: a fixed delay, or a delay doubling with every attempt. */
export function backoffDelayMs(backoff: JobBackoff | undefined, attemptsMade: number): number {
  const { type, delayMs } = backoff ?? defaultJobOptions.backoff;
  return type === 'fixed' ? delayMs : Math.round(2 ** (attemptsMade - 1) * delayMs);
}
