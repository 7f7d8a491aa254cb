import {
  assertRedisDurable,
  assertRedisKeepsKeys,
  RedisEvictsKeysError,
  RedisNotDurableError,
  waitForRedis,
} from '@pocketnet/automations';
import type { Logger } from 'pino';
import type { StartOptions } from '../start-options.ts';

/**
 * Before a node opens its journal in Redis: waits for Redis, then refuses one that evicts keys
 * or, unless `--redis-durability none`, keeps no AOF. Returns why it refuses (one line, for
 * the caller to print before exiting 2), or null.
 */
export async function refusalOfRedis(
  options: Pick<StartOptions, 'redisDurability'> & { readonly redisUrl: string },
  logger: Logger,
  signal: AbortSignal,
): Promise<string | null> {
  const { redisUrl } = options;
  await waitForRedis(redisUrl, signal);
  try {
    await assertRedisKeepsKeys(redisUrl);
    if (options.redisDurability === 'aof') await assertRedisDurable(redisUrl, logger);
    else logger.info({ redisUrl }, 'Redis durability not checked (--redis-durability none)');
    return null;
  } catch (error) {
    if (error instanceof RedisEvictsKeysError || error instanceof RedisNotDurableError) {
      return error.message;
    }
    throw error;
  }
}
