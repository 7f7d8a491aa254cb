import { loadAutomationConfig, parseAutomationConfig } from '@pocketnet/automations';
import { startAutomationWorkers, workerQueues } from '@pocketnet/automations/redis';
import { pino } from 'pino';
import { startReplica } from './gateway.command.ts';
import { readStartOptions } from './start-options.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

/**
 * `pocketnet worker`: an automation worker of a scaled-out network (REDIS_URL). A replica of
 * the ledger like a gateway, it runs the validator's automation jobs the writer's triggers
 * enqueue; their commands go to the writer. Jobs of a worker that dies run again elsewhere once
 * their lock lapses (POCKETNET_JOB_LOCK_MS), and commit once: their command ids derive from the
 * job.
 */
export async function workerCommand(args: readonly string[], streams: Streams): Promise<number> {
  const startedAt = performance.now();
  const read = readStartOptions(args, streams, 'worker');
  if (read.kind === 'exit') return read.code;
  const { options } = read;
  const { redisUrl } = options;
  if (redisUrl === null) {
    streams.stderr.write('pocketnet worker needs REDIS_URL (the network meets in Redis)\n');
    return 2;
  }
  const logger = pino({ level: options.logLevel, base: { service: 'pocketnet-worker' } });
  const config = options.configFile
    ? await loadAutomationConfig(options.configFile)
    : parseAutomationConfig({});
  const { replica, node } = await startReplica({ ...options, redisUrl }, logger);
  const workers = startAutomationWorkers({
    node,
    config,
    runner: replica.runner,
    catchUp: replica.catchUp,
    logger,
  });
  streams.stdout.write(
    `pocketnet worker ready in ${Math.round(performance.now() - startedAt)} ms ` +
      `(journal at ${replica.replica.position()}; queues ${workerQueues.join(', ')})\n`,
  );
  const shutdown = async () => {
    setTimeout(() => process.exit(1), 5000).unref();
    await workers.close();
    await node.close();
    await replica.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  return 0;
}
