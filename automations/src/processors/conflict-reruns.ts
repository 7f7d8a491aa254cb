import type { JobResult, Processor } from '../queue/job-types.ts';

/** A job's command refused because a contract it used was gone: it runs again. */
export type JobConflict = {
  readonly jobId: string;
  readonly name: string;
  /** 1 for the first conflict of the job's run. */
  readonly conflict: number;
  readonly contractId: string;
  readonly reason: string;
};

export type ConflictRerunsDeps = {
  /**
   * Resolves once this process's view of the ledger holds everything the writer's journal
   * held when called (a replica's catch-up to the journal's head).
   */
  readonly catchUp: () => Promise<void>;
  /** Conflicts one run of a job may meet; beyond, it fails for a retry with backoff (default 8). */
  readonly maxConflicts?: number;
  /** Hears each conflict, with its reason (the worker logs it). */
  readonly onConflict?: (conflict: JobConflict) => void;
};

export class ConflictsExceededError extends Error {
  override readonly name = 'ConflictsExceededError';
}

const withConflicts = (result: JobResult, gone: readonly string[]): JobResult =>
  gone.length === 0
    ? result
    : {
        ...result,
        detail: `${result.detail ?? result.outcome} (run again after ${gone.length} conflict(s): ${gone.join(', ')} spent meanwhile)`,
      };

/**
 * Runs a replica's jobs on a view of the ledger at least as new as the writer's journal when
 * the job starts (read-your-writes barrier): its trigger and everything before it are there.
 *
 * Several workers (and one worker's concurrent jobs) may still choose the same contracts (a
 * party's amulets, an open round) from their views; the ledger commits the first and refuses
 * the others, naming a contract that is gone. A replica answers such a refusal only once its
 * own view holds every record the writer had applied when it refused (writer-commands.ts), so
 * the job, run again, chooses afresh without that contract. A run that names a contract
 * already known gone insists on it (it is the job's trigger, gone for good): that job is
 * stale. Each conflict means another commit spent what the job chose, so conflicts end; past
 * `maxConflicts` in one run the job fails, to be retried with backoff. A rerun commits once:
 * the refused command committed nothing, and job command ids derive from the job.
 */
export function rerunOnConflict(processor: Processor, deps: ConflictRerunsDeps): Processor {
  const maxConflicts = deps.maxConflicts ?? 8;
  return async (job, signal) => {
    await deps.catchUp();
    const gone: string[] = [];
    for (;;) {
      const result = await processor(job, signal);
      const contractId = result.outcome === 'stale' ? result.inactiveContract : undefined;
      if (contractId === undefined || gone.includes(contractId) || signal.aborted) {
        return withConflicts(result, gone);
      }
      gone.push(contractId);
      const reason = result.detail ?? `contract ${contractId} is gone`;
      deps.onConflict?.({
        jobId: job.id,
        name: job.name,
        conflict: gone.length,
        contractId,
        reason,
      });
      if (gone.length > maxConflicts) {
        throw new ConflictsExceededError(
          `job ${job.id} met ${gone.length} conflicts in one run (last: ${reason}); it runs again later`,
        );
      }
      await deps.catchUp();
    }
  };
}
