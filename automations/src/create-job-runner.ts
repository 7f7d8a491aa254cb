import type { Logger } from 'pino';
import { createBullmqRunner } from './queue/bullmq-runner.ts';
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
}): Promise<JobRunner> {
  if (options.redisUrl === undefined || options.redisUrl === '') return createInProcessRunner();
  await assertRedisKeepsKeys(options.redisUrl);
  return createBullmqRunner({
    redisUrl: options.redisUrl,
    prefix: options.prefix ?? 'pocketnet',
    onError: (error) => options.logger.error({ err: error }, 'Redis connection error'),
  });
}
