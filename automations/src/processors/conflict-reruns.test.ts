import { describe, expect, it, vi } from 'vitest';
import type { AutomationJob, JobResult, Processor } from '../queue/job-types.ts';
import { ConflictsExceededError, type JobConflict, rerunOnConflict } from './conflict-reruns.ts';

const job: AutomationJob = {
  id: 'complete-offer/00ab',
  name: 'complete-offer',
  data: {},
  attemptsMade: 0,
  updateProgress: async () => {},
};

/** A processor answering `results` in turn (the last one from then on), counting its runs. */
function scripted(results: readonly JobResult[]) {
  let runs = 0;
  const processor: Processor = async () => {
    runs += 1;
    return results[Math.min(runs, results.length) - 1] ?? { outcome: 'done' };
  };
  return { processor, runs: () => runs };
}

const spent = (contractId: string): JobResult => ({
  outcome: 'stale',
  detail: `Contract could not be found with id ${contractId}`,
  inactiveContract: contractId,
});

describe('jobs that conflict with concurrent commits', () => {
  it('run again on a view caught up after each conflict, until they commit', async () => {
    const { processor, runs } = scripted([
      spent('amulet-1'),
      spent('amulet-2'),
      { outcome: 'done' },
    ]);
    const catchUp = vi.fn(async () => {});
    const conflicts: JobConflict[] = [];
    const rerunning = rerunOnConflict(processor, {
      catchUp,
      onConflict: (conflict) => conflicts.push(conflict),
    });
    const result = await rerunning(job, new AbortController().signal);
    expect(result.outcome).toBe('done');
    expect(result.detail).toContain('2 conflict(s): amulet-1, amulet-2');
    expect(runs()).toBe(3);
    // Before the first run, and before each rerun.
    expect(catchUp).toHaveBeenCalledTimes(3);
    expect(conflicts.map(({ contractId, conflict }) => [contractId, conflict])).toEqual([
      ['amulet-1', 1],
      ['amulet-2', 2],
    ]);
    expect(conflicts[0]?.reason).toContain('amulet-1');
  });

  it('leave a job stale that names a contract already known gone: its trigger is gone', async () => {
    const { processor, runs } = scripted([spent('offer-1')]);
    const result = await rerunOnConflict(processor, { catchUp: async () => {} })(
      job,
      new AbortController().signal,
    );
    expect(result).toMatchObject({ outcome: 'stale', inactiveContract: 'offer-1' });
    expect(runs()).toBe(2);
  });

  it('answer a job stale by its own reading, or done, after one run', async () => {
    for (const answer of [
      { outcome: 'stale', detail: 'the offer is gone' },
      { outcome: 'noop' },
    ] as const) {
      const { processor, runs } = scripted([answer]);
      const result = await rerunOnConflict(processor, { catchUp: async () => {} })(
        job,
        new AbortController().signal,
      );
      expect(result).toEqual(answer);
      expect(runs()).toBe(1);
    }
  });

  it('fail a run that keeps conflicting, for a retry with backoff', async () => {
    let next = 0;
    const processor: Processor = async () => {
      next += 1;
      return spent(`amulet-${next}`);
    };
    const rerunning = rerunOnConflict(processor, { catchUp: async () => {}, maxConflicts: 3 });
    await expect(rerunning(job, new AbortController().signal)).rejects.toBeInstanceOf(
      ConflictsExceededError,
    );
    expect(next).toBe(4);
  });
});
