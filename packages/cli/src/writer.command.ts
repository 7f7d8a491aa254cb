import { AutomationConfigError } from '@pocketnet/automations';
import { pino } from 'pino';
import { automationConfigOf } from './automation-config.ts';
import { loadPackages } from './load-packages.ts';
import { runRedisNodeLives } from './roles/redis-node-lives.ts';
import { refusalOfRedis } from './roles/redis-preflight.ts';
import { stopSignal } from './roles/stop-signal.ts';
import { readStartOptions } from './start-options.ts';

type Streams = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };

/**
 * `pocketnet writer`: the ledger's single writer in a scaled-out network (REDIS_URL). It opens
 * the journal in Redis (fencing any earlier writer), serves replicas' commands from the command
 * queue, runs the node's background work and every automation trigger, and its own API on
 * --port. When Redis goes away it answers 503 and starts over once Redis is back
 * (roles/redis-node-lives.ts); a writer fenced by a newer one exits with 3. A Redis that evicts
 * keys or keeps no AOF (unless --redis-durability none) is refused with exit code 2.
 */
export async function writerCommand(args: readonly string[], streams: Streams): Promise<number> {
  const read = readStartOptions(args, streams, 'writer');
  if (read.kind === 'exit') return read.code;
  const { options } = read;
  const { redisUrl } = options;
  if (redisUrl === null) {
    streams.stderr.write('pocketnet writer needs REDIS_URL (the network meets in Redis)\n');
    return 2;
  }
  const logger = pino({ level: options.logLevel, base: { service: 'pocketnet-writer' } });
  const prepared = await automationConfigOf(options)
    .then((config) => ({ config, settings: options.scaleOut }))
    .catch((error: unknown) => {
      if (!(error instanceof AutomationConfigError)) throw error;
      streams.stderr.write(`pocketnet writer: ${error.message}\n`);
      return null;
    });
  if (prepared === null) return 2;
  const signal = stopSignal();
  const refusal = await refusalOfRedis({ ...options, redisUrl }, logger, signal);
  if (refusal !== null) {
    streams.stderr.write(`pocketnet writer: ${refusal}\n`);
    return 2;
  }
  const outcome = await runRedisNodeLives({
    setup: {
      role: 'writer',
      options: { ...options, redisUrl },
      ...prepared,
      packages: await loadPackages(options.packageModules),
      logger,
    },
    signal,
    listen: (servers) => servers.listen(options.port),
    onReady: (life, index) => {
      const { epoch, position, durability } = life.journal;
      streams.stdout.write(
        `pocketnet writer ready (life ${index}, epoch ${epoch}, journal at ${position}, ` +
          `AOF ${durability?.appendonly}/${durability?.appendfsync}) on ${life.baseUrl}\n`,
      );
    },
  });
  if (outcome === 'fenced') {
    streams.stderr.write('pocketnet writer: a newer writer took the journal over; stopping\n');
  }
  process.exit(outcome === 'fenced' ? 3 : 0);
}
