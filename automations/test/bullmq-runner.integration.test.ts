import { createBullmqRunner } from '../src/queue/bullmq-runner.ts';
import { freshRedisPrefix, logRedisError, redisUrl } from './redis-test-prefix.ts';
import { describeRunnerConformance } from './runner-conformance.ts';

describeRunnerConformance('BullMQ', async () => {
  const keys = freshRedisPrefix();
  // Short locks, so that a job of a worker closed by force stalls and reruns soon.
  const runner = createBullmqRunner({
    redisUrl,
    prefix: keys.prefix,
    lockDurationMs: 1000,
    stalledIntervalMs: 300,
    onError: logRedisError,
  });
  return {
    runner,
    async cleanup() {
      await runner.close();
      await keys.remove();
    },
  };
});
