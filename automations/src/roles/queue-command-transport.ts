import { randomUUID } from 'node:crypto';
import { DomainError } from '@pocketnet/ledger';
import {
  type CommandTransport,
  decodeCrossProcess,
  encodeCrossProcess,
  type WriterAnswer,
} from '@pocketnet/runtime';
import { Queue, QueueEvents } from 'bullmq';
import { createAddBatch } from '../queue/bullmq-add-batch.ts';
import type { JobResult } from '../queue/job-types.ts';
import { writerQueue } from './writer-queue.ts';

export type QueueCommandTransportOptions = {
  readonly redisUrl: string;
  readonly prefix: string;
  /** How long a replica waits for the writer's answer (default 10 s). */
  readonly timeoutMs?: number;
  readonly onError: (error: Error) => void;
};

// Finished jobs stay by age, not count: a wait whose event came late still finds its answer.
const jobOptions = {
  attempts: 1,
  removeOnComplete: { age: 300, count: 100_000 },
  removeOnFail: { age: 3600 },
} as const;

type Waiter = { resolve(answer: WriterAnswer): void; reject(error: Error): void };

const unavailable = (cause: unknown) =>
  new DomainError('UNAVAILABLE', 'The ledger is unreachable (its Redis is away)', { cause });

const timedOut = (ms: number) =>
  new DomainError(
    'REQUEST_TIME_OUT',
    `The ledger's writer did not answer within ${ms} ms; the command may or may not have been committed`,
  );

const answerOf = (result: unknown): WriterAnswer => {
  const parsed = (typeof result === 'string' ? JSON.parse(result) : result) as JobResult;
  return decodeCrossProcess<WriterAnswer>(parsed.detail ?? '');
};

/**
 * Commands to the writer as BullMQ jobs on one queue, each answered in its job's result: the
 * replica adds the job (adds of one turn go together) and its QueueEvents reader hands the
 * result to whoever waits. Finished jobs stay a while (by age, not count), so that a wait
 * whose event came late still finds its answer. A replica that cannot add (Redis away) answers
 * UNAVAILABLE at once; one whose writer does not answer in time, REQUEST_TIME_OUT.
 */
export function createQueueCommandTransport(
  options: QueueCommandTransportOptions,
): CommandTransport {
  const { prefix } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const { onError } = options;
  const queue = new Queue(writerQueue, {
    connection: { url: options.redisUrl, enableOfflineQueue: false },
    prefix,
  });
  queue.on('error', onError);
  const events = new QueueEvents(writerQueue, {
    connection: { url: options.redisUrl, maxRetriesPerRequest: null },
    prefix,
  });
  events.on('error', onError);
  const listening = events.waitUntilReady();
  const waiters = new Map<string, Waiter>();
  events.on('completed', ({ jobId, returnvalue }) => {
    waiters.get(jobId)?.resolve(answerOf(returnvalue));
  });
  events.on('failed', ({ jobId, failedReason }) => {
    waiters.get(jobId)?.reject(new Error(`the writer failed the command: ${failedReason}`));
  });
  const add = createAddBatch(() => queue);
  // The answer, if the job finished while its event was missed or is late.
  const finished = async (jobId: string): Promise<WriterAnswer | null> => {
    const job = await queue.getJob(jobId);
    return job?.finishedOn && job.returnvalue ? answerOf(job.returnvalue) : null;
  };

  return {
    async send(command) {
      const jobId = `command-${randomUUID()}`;
      const sentAtMs = Date.now();
      const data = {
        command: encodeCrossProcess(command),
        sentAtMs,
        deadlineMs: sentAtMs + timeoutMs,
      };
      const answered = new Promise<WriterAnswer>((resolve, reject) => {
        waiters.set(jobId, { resolve, reject });
      });
      const exchange = async () => {
        await listening;
        try {
          await add(writerQueue, { name: 'command', data, opts: { jobId, ...jobOptions } });
        } catch (error) {
          throw unavailable(error);
        }
        return answered;
      };
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<WriterAnswer>((resolve, reject) => {
        timer = setTimeout(() => {
          finished(jobId).then(
            (answer) => (answer ? resolve(answer) : reject(timedOut(timeoutMs))),
            () => reject(timedOut(timeoutMs)),
          );
        }, timeoutMs);
      });
      try {
        return await Promise.race([exchange(), late]);
      } finally {
        clearTimeout(timer);
        waiters.delete(jobId);
      }
    },
    async close() {
      await events.close();
      await queue.close();
    },
  };
}
