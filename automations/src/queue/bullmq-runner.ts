import { type Job, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import { Subject } from 'rxjs';
import { createAddBatch } from './bullmq-add-batch.ts';
import { forwardEvents } from './bullmq-events.ts';
import { bullmqStatesOf, countsOfBullmq, snapshotOfBullmq } from './bullmq-job.ts';
import { attemptsOf, defaultJobOptions, retainedJobs } from './job-defaults.ts';
import { checkJobId, PermanentJobError } from './job-errors.ts';
import type {
  AutomationJob,
  JobEvent,
  JobRequest,
  JobResult,
  JobRunner,
  Processor,
} from './job-types.ts';
import { createJobWaiters, terminalOf } from './job-waiters.ts';

export type BullmqRunnerOptions = {
  readonly redisUrl: string;
  /** Key prefix of every queue: one per node, or a fresh one per test. */
  readonly prefix: string;
  /** How long a worker's lock on a job lasts; a dead worker's job reruns after it lapses. */
  readonly lockDurationMs?: number;
  readonly stalledIntervalMs?: number;
  /** Where connection errors of workers and queues go. */
  readonly onError: (error: Error) => void;
};

const viewOf = (job: Job): AutomationJob => ({
  id: job.id ?? '',
  name: job.name,
  data: job.data,
  attemptsMade: job.attemptsMade,
  updateProgress: (progress) => job.updateProgress(progress),
});

/** Our processor as BullMQ's: permanent failures become UnrecoverableError, so no retry runs. */
const bullmqProcessor =
  (processor: Processor) =>
  async (job: Job, _token?: string, signal?: AbortSignal): Promise<JobResult> => {
    try {
      return await processor(viewOf(job), signal ?? new AbortController().signal);
    } catch (error) {
      if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
  };

/** The Redis runner: BullMQ Queues, Workers and QueueEvents on `REDIS_URL`. */
export function createBullmqRunner(options: BullmqRunnerOptions): JobRunner {
  const { prefix } = options;
  const { onError } = options;
  // Producers fail fast while Redis is away; workers wait for it (BullMQ's advice).
  const producerConnection = { url: options.redisUrl, enableOfflineQueue: false };
  const workerConnection = { url: options.redisUrl, maxRetriesPerRequest: null };
  const queues = new Map<string, Queue>();
  const listeners = new Map<string, Promise<QueueEvents>>();
  // Jobs added again while retained: their waits read the state, no event may come.
  const duplicated = new Set<string>();
  const workers = new Set<Worker>();
  const events = new Subject<JobEvent>();
  const queueOf = (name: string) => {
    let queue = queues.get(name);
    if (queue === undefined) {
      queue = new Queue(name, { connection: producerConnection, prefix });
      queue.on('error', onError);
      queues.set(name, queue);
    }
    return queue;
  };
  const listen = (name: string) => {
    let ready = listeners.get(name);
    if (ready === undefined) {
      const queueEvents = new QueueEvents(name, { connection: workerConnection, prefix });
      queueEvents.on('error', onError);
      forwardEvents(name, queueEvents, events);
      queueEvents.on('duplicated', ({ jobId }) => {
        duplicated.add(`${name}/${jobId}`);
        if (duplicated.size > retainedJobs.completed) duplicated.clear();
        void waiters.check(name, jobId);
      });
      ready = queueEvents.waitUntilReady().then(() => queueEvents);
      listeners.set(name, ready);
    }
    return ready;
  };
  const addBatched = createAddBatch(queueOf);
  const snapshot = async (name: string, jobId: string) => {
    const job = await queueOf(name).getJob(jobId);
    return job ? snapshotOfBullmq(name, job) : null;
  };
  // One round trip for the state; the job itself is read only once it has finished.
  const finished = async (name: string, jobId: string) => {
    const state = await queueOf(name).getJobState(jobId);
    if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return null;
    return terminalOf(await snapshot(name, jobId), jobId);
  };
  // A wait reads Redis only when its job was there already (a retained id added again: BullMQ
  // reports it duplicated), or when no event came for a while.
  const waiters = createJobWaiters({
    events$: events,
    finished,
    recheckMs: 2000,
    checkAtOnce: false,
  });
  return {
    kind: 'bullmq',
    async add(name, request: JobRequest) {
      const { jobId, backoff, delayMs } = request.options;
      checkJobId(jobId);
      await listen(name);
      const { type, delayMs: delay } = backoff ?? defaultJobOptions.backoff;
      await addBatched(name, {
        name: request.name,
        data: request.data,
        opts: {
          jobId,
          attempts: attemptsOf(request.options),
          backoff: { type, delay },
          ...(delayMs ? { delay: delayMs } : {}),
          removeOnComplete: { count: retainedJobs.completed },
          removeOnFail: { count: retainedJobs.failed },
        },
      });
      return jobId;
    },
    work(name, processor, workOptions = {}) {
      const worker = new Worker(name, bullmqProcessor(processor), {
        connection: workerConnection,
        prefix,
        concurrency: workOptions.concurrency ?? 1,
        ...(options.lockDurationMs ? { lockDuration: options.lockDurationMs } : {}),
        ...(options.stalledIntervalMs ? { stalledInterval: options.stalledIntervalMs } : {}),
      });
      worker.on('error', onError);
      workers.add(worker);
      return {
        async close({ force = false } = {}) {
          workers.delete(worker);
          await worker.close(force);
        },
      };
    },
    async waitFor(name, jobId) {
      await listen(name);
      const waiting = waiters.wait(name, jobId);
      if (duplicated.has(`${name}/${jobId}`)) void waiters.check(name, jobId);
      return waiting;
    },
    job: snapshot,
    counts: async (name) =>
      countsOfBullmq(await queueOf(name).getJobCounts(...Object.values(bullmqStatesOf).flat())),
    async list(name, state, limit) {
      const jobs = await queueOf(name).getJobs([...bullmqStatesOf[state]], 0, limit - 1, false);
      const snapshots = await Promise.all(jobs.map((job) => snapshotOfBullmq(name, job, state)));
      return snapshots.filter((entry) => entry !== null);
    },
    events$: events.asObservable(),
    listen: async (name) => {
      await listen(name);
    },
    async close() {
      await Promise.all([...workers].map((worker) => worker.close()));
      const queueEvents = await Promise.all(listeners.values());
      await Promise.all(queueEvents.map((listener) => listener.close()));
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      waiters.close();
      events.complete();
    },
  };
}
