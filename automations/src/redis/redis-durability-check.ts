import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { withShortLivedRedis } from './short-lived-redis.ts';

/** A Redis the journal cannot live in: it would forget acknowledged commands on a restart. */
export class RedisNotDurableError extends Error {
  override readonly name = 'RedisNotDurableError';
}

/** How Redis persists what it acknowledges; `unknown` where CONFIG and INFO do not say. */
export type RedisDurability = { readonly appendonly: string; readonly appendfsync: string };

async function configOf(redis: Redis, name: string): Promise<string | null> {
  try {
    const reply = (await redis.call('CONFIG', 'GET', name)) as string[];
    return reply[1] ?? null;
  } catch {
    // Managed Redis often disables CONFIG; INFO says whether the AOF is on.
    return null;
  }
}

async function durabilityOf(redis: Redis): Promise<RedisDurability> {
  const appendonly = await configOf(redis, 'appendonly');
  const appendfsync = await configOf(redis, 'appendfsync');
  if (appendonly !== null) return { appendonly, appendfsync: appendfsync ?? 'unknown' };
  const enabled = /^aof_enabled:(\d)/m.exec(await redis.info('persistence'))?.[1];
  return {
    appendonly: enabled === undefined ? 'unknown' : enabled === '1' ? 'yes' : 'no',
    appendfsync: appendfsync ?? 'unknown',
  };
}

/**
 * Refuses a Redis that keeps no append-only file: the journal's appends are acknowledged once
 * Redis has them, and without the AOF a restart of Redis would silently lose committed
 * commands. Warns when the AOF is not fsynced before each acknowledgement (`appendfsync
 * always`): a crash of Redis's machine may then lose the last second. (WAITAOF, which would
 * check each append, needs Redis 7.2.)
 */
export async function assertRedisDurable(
  redisUrl: string,
  logger: Pick<Logger, 'warn'>,
): Promise<RedisDurability> {
  const durability = await withShortLivedRedis(redisUrl, durabilityOf);
  if (durability.appendonly !== 'yes') {
    throw new RedisNotDurableError(
      `Redis at ${redisUrl} has appendonly ${durability.appendonly}: a restart of Redis would lose acknowledged commands. ` +
        'Set appendonly yes (redis-server --appendonly yes --appendfsync always), ' +
        'or pass --redis-durability none (POCKETNET_REDIS_DURABILITY=none) for a throwaway devnet.',
    );
  }
  if (durability.appendfsync !== 'always') {
    logger.warn(
      { redisUrl, appendfsync: durability.appendfsync },
      'Redis does not fsync its AOF before acknowledging (appendfsync is not always): a crash of its machine may lose the last second of acknowledged commands',
    );
  }
  return durability;
}
