import { filter, firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobFailedError, PermanentJobError } from '../src/queue/job-errors.ts';
import type { AutomationJob, JobEvent, JobRunner } from '../src/queue/job-types.ts';

export type RunnerFixture = { readonly runner: JobRunner; cleanup(): Promise<void> };

type Gate = { readonly promise: Promise<void>; open(): void };
const gate = (): Gate => {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
};

const quick = { type: 'fixed', delayMs: 10 } as const;

/**
 * The one suite both runners pass: the in-process runner and BullMQ on the real Redis (each
 * test with a fresh prefix). Waits on events and gates, never on the clock.
 */
export function describeRunnerConformance(label: string, start: () => Promise<RunnerFixture>) {
  describe(`${label} runner`, () => {
    let fixture: RunnerFixture;
    let runner: JobRunner;
    beforeEach(async () => {
      fixture = await start();
      runner = fixture.runner;
    });
    afterEach(() => fixture.cleanup());

    const eventsOf = (jobId: string, count: number) =>
      firstValueFrom(
        runner.events$.pipe(
          filter((event) => event.jobId === jobId),
          take(count),
          toArray(),
        ),
      );

    it('runs a job once, answers its result, and counts it completed', async () => {
      const seen: AutomationJob[] = [];
      runner.work('jobs', async (job) => {
        seen.push(job);
        return { outcome: 'done', detail: `ran ${String((job.data as { n: number }).n)}` };
      });
      const id = await runner.add('jobs', {
        name: 'one',
        data: { n: 7 },
        options: { jobId: 'a-1' },
      });
      await expect(runner.waitFor('jobs', id)).resolves.toEqual({
        outcome: 'done',
        detail: 'ran 7',
      });
      expect(seen.map((job) => [job.id, job.name, job.data, job.attemptsMade])).toEqual([
        ['a-1', 'one', { n: 7 }, 0],
      ]);
      expect(await runner.counts('jobs')).toEqual({
        waiting: 0,
        delayed: 0,
        active: 0,
        completed: 1,
        failed: 0,
      });
      expect(await runner.job('jobs', 'a-1')).toMatchObject({ state: 'completed', name: 'one' });
      expect(await runner.job('jobs', 'missing')).toBeNull();
    });

    it('deduplicates by job id: a second add while the job is retained adds nothing', async () => {
      const release = gate();
      let runs = 0;
      runner.work('dedup', async () => {
        runs += 1;
        await release.promise;
        return { outcome: 'done' };
      });
      const request = { name: 'x', data: { v: 1 }, options: { jobId: 'same' } };
      await runner.add('dedup', request);
      await runner.add('dedup', { ...request, data: { v: 2 } });
      release.open();
      await runner.waitFor('dedup', 'same');
      await runner.add('dedup', request);
      await expect(runner.waitFor('dedup', 'same')).resolves.toEqual({ outcome: 'done' });
      expect(runs).toBe(1);
      expect((await runner.job('dedup', 'same'))?.data).toEqual({ v: 1 });
      expect((await runner.counts('dedup')).completed).toBe(1);
    });

    it('refuses the job ids BullMQ refuses: integers and ids with a colon', async () => {
      const add = (jobId: string) => runner.add('ids', { name: 'x', data: {}, options: { jobId } });
      await expect(add('42')).rejects.toThrow(/integer/);
      await expect(add('party::1220')).rejects.toThrow(/':'/);
      await expect(add('reward/party~~1220')).resolves.toBe('reward/party~~1220');
    });

    it('retries a failing job with backoff until it succeeds', async () => {
      const attempts: number[] = [];
      runner.work('retry', async (job) => {
        attempts.push(job.attemptsMade);
        if (attempts.length < 3) throw new Error(`transient ${attempts.length}`);
        return { outcome: 'done' };
      });
      await runner.add('retry', {
        name: 'flaky',
        data: {},
        options: { jobId: 'flaky-1', attempts: 5, backoff: quick },
      });
      await expect(runner.waitFor('retry', 'flaky-1')).resolves.toEqual({ outcome: 'done' });
      expect(attempts).toEqual([0, 1, 2]);
      expect(await runner.job('retry', 'flaky-1')).toMatchObject({ state: 'completed' });
    });

    it('fails a job for good once its attempts are spent, with the last reason', async () => {
      let runs = 0;
      runner.work('spent', async () => {
        runs += 1;
        throw new Error(`still down (${runs})`);
      });
      await runner.add('spent', {
        name: 'down',
        data: {},
        options: { jobId: 'down-1', attempts: 2, backoff: quick },
      });
      const failure = await runner.waitFor('spent', 'down-1').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(JobFailedError);
      expect((failure as Error).message).toMatch(/still down \(2\)/);
      expect(runs).toBe(2);
      expect(await runner.job('spent', 'down-1')).toMatchObject({
        state: 'failed',
        attemptsMade: 2,
        failedReason: 'still down (2)',
      });
    });

    it('fails a permanent failure at once, without retries, and lists it with its reason', async () => {
      let runs = 0;
      runner.work('permanent', async () => {
        runs += 1;
        throw new PermanentJobError('job data is not a party');
      });
      await runner.add('permanent', {
        name: 'bad',
        data: {},
        options: { jobId: 'bad-1', attempts: 5, backoff: quick },
      });
      await expect(runner.waitFor('permanent', 'bad-1')).rejects.toThrow(/not a party/);
      expect(runs).toBe(1);
      expect((await runner.counts('permanent')).failed).toBe(1);
      const [failed] = await runner.list('permanent', 'failed', 10);
      expect(failed).toMatchObject({ id: 'bad-1', failedReason: 'job data is not a party' });
    });

    it('reports progress as an event and on the job, then the completion', async () => {
      const halfway = gate();
      const finish = gate();
      runner.work('progress', async (job) => {
        await job.updateProgress({ merged: 100, total: 150 });
        halfway.open();
        await finish.promise;
        await job.updateProgress({ merged: 150, total: 150 });
        return { outcome: 'done' };
      });
      const events = eventsOf('long-1', 5);
      await runner.add('progress', { name: 'merge', data: {}, options: { jobId: 'long-1' } });
      await halfway.promise;
      expect(await runner.job('progress', 'long-1')).toMatchObject({
        state: 'active',
        progress: { merged: 100, total: 150 },
      });
      expect((await runner.list('progress', 'active', 5)).map((job) => job.id)).toEqual(['long-1']);
      finish.open();
      const types = (await events).map((event: JobEvent) =>
        event.type === 'progress' ? event.progress : event.type,
      );
      expect(types).toEqual([
        'waiting',
        'active',
        { merged: 100, total: 150 },
        { merged: 150, total: 150 },
        'completed',
      ]);
    });

    it('holds a delayed job back until its delay passes', async () => {
      runner.work('delayed', async () => ({ outcome: 'noop' }));
      await runner.add('delayed', {
        name: 'later',
        data: {},
        options: { jobId: 'later-1', delayMs: 200 },
      });
      expect(await runner.job('delayed', 'later-1')).toMatchObject({ state: 'delayed' });
      await expect(runner.waitFor('delayed', 'later-1')).resolves.toEqual({ outcome: 'noop' });
    });

    it('runs as many jobs at once as the concurrency allows', async () => {
      const started = [gate(), gate()];
      const finish = gate();
      let running = 0;
      let most = 0;
      runner.work(
        'parallel',
        async (job) => {
          running += 1;
          most = Math.max(most, running);
          started[Number((job.data as { i: number }).i)]?.open();
          await finish.promise;
          running -= 1;
          return { outcome: 'done' };
        },
        { concurrency: 2 },
      );
      for (const i of [0, 1, 2]) {
        await runner.add('parallel', { name: 'p', data: { i }, options: { jobId: `p-${i}` } });
      }
      await Promise.all(started.map((started) => started.promise));
      expect((await runner.counts('parallel')).active).toBe(2);
      finish.open();
      await Promise.all([0, 1, 2].map((i) => runner.waitFor('parallel', `p-${i}`)));
      expect(most).toBe(2);
    });

    it('reruns the job of a worker closed by force on another worker', async () => {
      const started = gate();
      const first = runner.work('stalled', async () => {
        started.open();
        return new Promise(() => {});
      });
      await runner.add('stalled', { name: 's', data: {}, options: { jobId: 'stall-1' } });
      await started.promise;
      await first.close({ force: true });
      const runs: number[] = [];
      runner.work('stalled', async (job) => {
        runs.push(job.attemptsMade);
        return { outcome: 'done', detail: 'second worker' };
      });
      await expect(runner.waitFor('stalled', 'stall-1')).resolves.toEqual({
        outcome: 'done',
        detail: 'second worker',
      });
      expect(runs).toHaveLength(1);
    });

    it('lets a graceful close finish the running job first', async () => {
      const started = gate();
      const finish = gate();
      const worker = runner.work('graceful', async () => {
        started.open();
        await finish.promise;
        return { outcome: 'done' };
      });
      await runner.add('graceful', { name: 'g', data: {}, options: { jobId: 'g-1' } });
      await started.promise;
      const closed = worker.close();
      finish.open();
      await closed;
      expect(await runner.job('graceful', 'g-1')).toMatchObject({ state: 'completed' });
    });
  });
}
