import { Redis } from 'ioredis';

/**
 * Deletes every key under `prefix:` (a network's journal and queues): for tests, and for an
 * operator who wants a network gone. SCAN, so Redis keeps serving others meanwhile.
 */
export async function dropRedisPrefix(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  let dropped = 0;
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) dropped += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return dropped;
}
