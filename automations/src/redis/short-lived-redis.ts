import type { Redis } from 'ioredis';

/**
 * Runs `use` on a connection of its own, closed afterwards: for checks and one-off commands.
 * A dropped connection rejects the command under way; ioredis would also print its error event
 * as unhandled, so the event is taken here.
 */
export async function withShortLivedRedis<T>(
  redisUrl: string,
  use: (redis: Redis) => Promise<T>,
): Promise<T> {
  // Loaded here, not at the top: a node without REDIS_URL never needs ioredis.
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return await use(redis);
  } finally {
    redis.disconnect();
  }
}
