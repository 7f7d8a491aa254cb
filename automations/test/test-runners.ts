import { createBullmqRunner } from '../src/queue/bullmq-runner.ts';
import { createInProcessRunner } from '../src/queue/in-process-runner.ts';
import type { JobRunner } from '../src/queue/job-types.ts';
import { freshRedisPrefix, logRedisError, redisUrl } from './redis-test-prefix.ts';

export type TestRunner = { readonly runner: JobRunner; cleanup(): Promise<void> };

/** Both runners, for tests that run an automation end to end on each. */
export const testRunners: ReadonlyArray<readonly [string, () => TestRunner]> = [
  ['in-process', () => ({ runner: createInProcessRunner(), cleanup: async () => {} })],
  [
    'BullMQ',
    () => {
      const keys = freshRedisPrefix();
      return {
        runner: createBullmqRunner({ redisUrl, prefix: keys.prefix, onError: logRedisError }),
        cleanup: keys.remove,
      };
    },
  ],
];
