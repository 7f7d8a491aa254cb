import type { Redis } from 'ioredis';
import { withShortLivedRedis } from './short-lived-redis.ts';

/** A Redis the job queues cannot live in: its maxmemory-policy would evict their keys. */
export class RedisEvictsKeysError extends Error {
  override readonly name = 'RedisEvictsKeysError';
}

async function policyOf(redis: Redis): Promise<string | null> {
  try {
    const reply = (await redis.call('CONFIG', 'GET', 'maxmemory-policy')) as string[];
    if (reply[1] !== undefined) return reply[1];
  } catch {
    // Managed Redis often disables CONFIG; INFO says the same.
  }
  const info = await redis.info('memory');
  return /^maxmemory_policy:(\S+)/m.exec(info)?.[1] ?? null;
}

/**
 * Refuses a Redis that evicts keys under memory pressure: an evicted job or lock would break
 * exactly-once effects silently. BullMQ needs `maxmemory-policy noeviction`.
 */
export async function assertRedisKeepsKeys(redisUrl: string): Promise<void> {
  const policy = await withShortLivedRedis(redisUrl, policyOf);
  if (policy !== 'noeviction') {
    throw new RedisEvictsKeysError(
      `Redis at ${redisUrl} has maxmemory-policy ${policy ?? 'unknown'}: it may evict job keys. ` +
        'Set maxmemory-policy noeviction (redis-server --maxmemory-policy noeviction).',
    );
  }
}
