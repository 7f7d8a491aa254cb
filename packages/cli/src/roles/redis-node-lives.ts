import { runWriterLives } from '@pocketnet/automations/redis';
import { createPackageCache } from '@pocketnet/daml-lf';
import { createLifeServers, type LifeServers } from './life-servers.ts';
import { type RedisNodeLife, type RedisNodeSetup, startRedisNodeLife } from './redis-node-life.ts';
import { untilRedisAccepted, watchRedisFitness } from './redis-preflight.ts';

/** Requests in flight when the node stops get this long to be answered. */
const requestGraceMs = 500;

/**
 * A node on a journal in Redis (`writer`, or `start` on REDIS_URL), life after life: when
 * Redis goes away its life ends, its servers answer 503 UNAVAILABLE meanwhile, and once Redis
 * answers again the next life replays the journal (everything acknowledged is in it) and
 * serves on the same ports. The Redis that comes back is checked as at start (no eviction, an
 * AOF): while it refuses, the node serves nothing and answers 503 naming why, until it is
 * fixed. A node fenced by a newer writer stops for good.
 */
export async function runRedisNodeLives(input: {
  readonly setup: Omit<RedisNodeSetup, 'servers' | 'packageCache'>;
  /** Listens on the node's ports (once, with the first life); resolves with its API's port. */
  readonly listen: (servers: LifeServers) => Promise<number>;
  readonly signal: AbortSignal;
  /** Each life, once it serves (its number: 0 first). */
  readonly onReady: (life: RedisNodeLife, index: number) => void;
}): Promise<'stopped' | 'fenced'> {
  const servers = createLifeServers(input.setup.options.host);
  const setup: RedisNodeSetup = { ...input.setup, servers, packageCache: createPackageCache() };
  let port: number | null = null;
  const listenFailures = new WeakSet<object>();
  const ports = async () => {
    if (port === null) {
      port = await input.listen(servers).catch((error: unknown) => {
        if (typeof error === 'object' && error !== null) listenFailures.add(error);
        throw error;
      });
    }
    return port;
  };
  // Life 0's Redis was checked before the node started (a refusal there exits 2).
  const accepted = async (index: number) => {
    if (index === 0) return;
    try {
      await untilRedisAccepted({
        options: setup.options,
        logger: setup.logger,
        signal: input.signal,
        onRefused: (refusal) => servers.down(refusal.publicMessage),
      });
    } finally {
      // Accepted, or Redis went away again: the 503s no longer name the refusal.
      servers.down();
    }
  };
  // Redis may be reconfigured while a life serves: then the life ends, and the next one waits
  // (answering 503 with the reason) until Redis is fit again.
  const watchedLife = (life: RedisNodeLife): RedisNodeLife => {
    const { options, logger, settings } = setup;
    const watch = watchRedisFitness({ options, logger, intervalMs: settings.redisCheckMs });
    void life.ended.then(watch.stop);
    return {
      ...life,
      ended: Promise.race([life.ended, watch.unfit]),
      close: () => {
        watch.stop();
        return life.close();
      },
    };
  };
  try {
    return await runWriterLives({
      redisUrl: setup.options.redisUrl,
      signal: input.signal,
      start: async (index) => {
        await accepted(index);
        const life = await startRedisNodeLife(setup, ports);
        input.onReady(life, index);
        return watchedLife(life);
      },
      // A port in use is no Redis outage: the node stops, as a plain `start` would.
      isFatal: (error) => typeof error === 'object' && error !== null && listenFailures.has(error),
      onRestart: (error) =>
        setup.logger.warn(
          { err: error },
          'the journal in Redis failed; starting over once Redis answers',
        ),
    });
  } finally {
    await servers.close(requestGraceMs);
  }
}
