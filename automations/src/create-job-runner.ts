import type { UndoLog } from '@pocketnet/ledger';
import type { Logger } from 'pino';
import { createInProcessRunner } from './queue/in-process-runner.ts';
import type { JobRunner } from './queue/job-types.ts';
import { assertRedisKeepsKeys } from './redis/redis-eviction-check.ts';

/**
 * The runner for this process: BullMQ when a Redis URL is given (after checking that Redis
 * keeps its keys), the in-process runner otherwise, so `npm start` needs only Node.js.
 */
export async function createJobRunner(options: {
  readonly redisUrl?: string | undefined;
  readonly prefix?: string;
  readonly logger: Logger;
  /** The node's undo log, for the in-process runner's jobs (BullMQ's are not rolled back). */
  readonly undo?: UndoLog;
}): Promise<JobRunner> {
  if (options.redisUrl === undefined || options.redisUrl === '')
    return createInProcessRunner(options.undo ? { undo: options.undo } : {});
  await assertRedisKeepsKeys(options.redisUrl);
  // BullMQ (and ioredis) load only with REDIS_URL: a start without Redis skips ~250 modules.
  const { createBullmqRunner } = await import('./queue/bullmq-runner.ts');
  return createBullmqRunner({
    redisUrl: options.redisUrl,
    prefix: options.prefix ?? 'pocketnet',
    onError: (error) => options.logger.error({ err: error }, 'Redis connection error'),
  });
}
