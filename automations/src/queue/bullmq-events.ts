import type { QueueEvents } from 'bullmq';
import type { Subject } from 'rxjs';
import type { JobEvent, JobResult } from './job-types.ts';

const namesKept = 10_000;

/** A queue's BullMQ events as the runner's job events. */
export function forwardEvents(queue: string, source: QueueEvents, events: Subject<JobEvent>): void {
  // Only `added` names the job: later events carry the name it gave (while it is kept).
  const names = new Map<string, string>();
  const named = (jobId: string) => {
    const name = names.get(jobId);
    return name === undefined ? {} : { name };
  };
  source.on('added', ({ jobId, name }) => {
    names.set(jobId, name);
    if (names.size > namesKept) names.delete(names.keys().next().value ?? jobId);
  });
  source.on('waiting', ({ jobId }) =>
    events.next({ type: 'waiting', queue, jobId, ...named(jobId) }),
  );
  source.on('active', ({ jobId }) =>
    events.next({ type: 'active', queue, jobId, ...named(jobId) }),
  );
  source.on('progress', ({ jobId, data }) =>
    events.next({ type: 'progress', queue, jobId, ...named(jobId), progress: data as number }),
  );
  source.on('completed', ({ jobId, returnvalue }) =>
    events.next({
      type: 'completed',
      queue,
      jobId,
      ...named(jobId),
      result: returnvalue as unknown as JobResult,
    }),
  );
  source.on('failed', ({ jobId, failedReason }) =>
    events.next({ type: 'failed', queue, jobId, ...named(jobId), reason: failedReason }),
  );
}
