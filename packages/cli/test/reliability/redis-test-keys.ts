import { randomUUID } from 'node:crypto';
import { dropRedisPrefix } from '@pocketnet/automations';

export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A fresh key prefix for one test, and the removal of everything written under it. */
export function freshRedisPrefix(url = redisUrl) {
  const prefix = `test-${randomUUID()}`;
  return { prefix, remove: () => dropRedisPrefix(url, prefix).then(() => {}) };
}
