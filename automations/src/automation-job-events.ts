import type { AutomationJobEvent } from '@pocketnet/runtime';
import { concatMap, defer, filter, from, type Observable, share } from 'rxjs';
import type { JobEvent, JobRunner } from './queue/job-types.ts';

export type JobEventsDeps = {
  readonly runner: JobRunner;
  readonly queues: readonly string[];
  /** When the view saw an event; the runner's wall clock, not the ledger's. */
  readonly now?: () => Date;
};

const detailOf = (event: JobEvent): Partial<AutomationJobEvent> => {
  switch (event.type) {
    case 'progress':
      return { progress: event.progress };
    case 'completed':
      return { outcome: event.result.outcome };
    case 'failed':
      return { failedReason: event.reason };
    default:
      return {};
  }
};

/**
 * The runner's events as the view's job events, on the view's queues, in the order the runner
 * reported them. A name the event does not carry is read from the job (a job gone already is
 * named by its id). Shared: one pipeline however many subscribe; listening starts with the first.
 */
export function createJobEvents$(deps: JobEventsDeps): Observable<AutomationJobEvent> {
  const { runner } = deps;
  const now = deps.now ?? (() => new Date());
  const shown = new Set(deps.queues);
  const nameOf = async (event: JobEvent): Promise<string> =>
    event.name ?? (await runner.job(event.queue, event.jobId).catch(() => null))?.name ?? '';
  const toViewEvent = async (event: JobEvent): Promise<AutomationJobEvent> => {
    const at = now().toISOString();
    const name = await nameOf(event);
    const { queue, jobId } = event;
    return { queue, jobId, name, state: event.type, ...detailOf(event), at };
  };
  const events$ = runner.events$.pipe(
    filter((event) => shown.has(event.queue)),
    concatMap((event) => from(toViewEvent(event))),
  );
  return defer(() => {
    void Promise.all(deps.queues.map((queue) => runner.listen(queue))).catch(() => {});
    return events$;
  }).pipe(share());
}
