import type { Logger } from 'pino';
import type { JobResult, JobRunner } from '../queue/job-types.ts';
import type { JobTrigger } from './job-trigger.ts';

/**
 * Enqueues triggered jobs and keeps count of those not finished yet, so that moving time can
 * wait until everything a step caused is done. A job's failure is logged, never thrown, for
 * triggers; `run` rethrows it for callers that must fail with it (the devnet's time control).
 */
export function createJobDispatch(deps: { readonly runner: JobRunner; readonly logger: Logger }) {
  const { runner, logger } = deps;
  const inFlight = new Set<Promise<unknown>>();
  const listeners = new Set<(trigger: JobTrigger, result: JobResult) => void>();
  const run = async (trigger: JobTrigger): Promise<JobResult> => {
    await runner.add(trigger.queue, {
      name: trigger.name,
      data: trigger.data,
      options: { jobId: trigger.jobId },
    });
    const result = await runner.waitFor(trigger.queue, trigger.jobId);
    logger.debug({ queue: trigger.queue, jobId: trigger.jobId, ...result }, 'job finished');
    for (const listener of listeners) listener(trigger, result);
    return result;
  };
  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  };
  return {
    run: (trigger: JobTrigger) => track(run(trigger)),
    /** Enqueues and forgets: the outcome is logged. */
    fire(trigger: JobTrigger): Promise<void> {
      return track(
        run(trigger).then(
          () => {},
          (error: unknown) => {
            logger.warn({ queue: trigger.queue, jobId: trigger.jobId, err: error }, 'job failed');
          },
        ),
      );
    },
    pending: () => inFlight.size,
    /** Tells `listener` how each dispatched job ended (its own run, or an earlier one's). */
    onResult(listener: (trigger: JobTrigger, result: JobResult) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Resolves once no triggered job is unfinished (including those they trigger). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type JobDispatch = ReturnType<typeof createJobDispatch>;
