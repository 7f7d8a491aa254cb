import type { AutomationQueueView, AutomationView } from '@pocketnet/runtime';
import { createJobEvents$ } from './automation-job-events.ts';
import type { JobRunner } from './queue/job-types.ts';

const recentFailures = 20;
const runningShown = 50;

/**
 * Counts per queue and state, the latest failures with their reasons, running jobs' progress,
 * and every job's moves live; `now` stamps them (the node's clock; the wall clock if none).
 */
export function createAutomationView(
  runner: JobRunner,
  queues: readonly string[],
  options: { readonly now?: () => Date } = {},
): AutomationView {
  const queueView = async (name: string): Promise<AutomationQueueView> => {
    const [counts, failed, active] = await Promise.all([
      runner.counts(name),
      runner.list(name, 'failed', recentFailures),
      runner.list(name, 'active', runningShown),
    ]);
    return {
      name,
      counts,
      failures: failed.map((job) => ({
        jobId: job.id,
        name: job.name,
        reason: job.failedReason ?? 'failed',
        attemptsMade: job.attemptsMade,
      })),
      inProgress: active.map((job) => ({ jobId: job.id, name: job.name, progress: job.progress })),
    };
  };
  return {
    mode: runner.kind,
    queues: () => Promise.all(queues.map(queueView)),
    jobEvents$: createJobEvents$({ runner, queues, ...options }),
  };
}
