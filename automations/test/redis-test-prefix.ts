import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A fresh key prefix for one test, and the removal of everything written under it. */
export function freshRedisPrefix() {
  const prefix = `test-${randomUUID()}`;
  return {
    prefix,
    async remove() {
      const redis = new Redis(redisUrl);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
      await redis.quit();
    },
  };
}

/** A test's Redis clients report their errors here: on stderr, where a failing run shows them. */
export const logRedisError = (error: unknown) => console.error('Redis error', error);
