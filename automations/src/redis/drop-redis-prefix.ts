import { withShortLivedRedis } from './short-lived-redis.ts';

/**
 * Deletes every key under `prefix:` (a network's journal and queues): for tests, and for an
 * operator who wants a network gone. SCAN, so Redis keeps serving others meanwhile.
 */
export async function dropRedisPrefix(redisUrl: string, prefix: string): Promise<number> {
  return withShortLivedRedis(redisUrl, async (redis) => {
    let dropped = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) dropped += await redis.del(...keys);
    } while (cursor !== '0');
    return dropped;
  });
}
