import { setTimeout as sleep } from 'node:timers/promises';
import {
  assertRedisDurable,
  assertRedisKeepsKeys,
  RedisEvictsKeysError,
  RedisNotDurableError,
} from '@pocketnet/automations';
import { waitForRedis } from '@pocketnet/automations/redis';
import type { Logger } from 'pino';
import type { StartOptions } from '../start-options.ts';

type PreflightOptions = Pick<StartOptions, 'redisDurability'> & { readonly redisUrl: string };

/** Why a node will not keep its journal in this Redis. */
export type RedisRefusal = {
  readonly setting: 'appendonly' | 'maxmemory-policy';
  /** One line for the operator (stderr, the log); it names Redis's URL. */
  readonly message: string;
  /** For the API's clients: without the URL, which may carry Redis's password. */
  readonly publicMessage: string;
};

const consequences = {
  appendonly: 'a restart of Redis would lose acknowledged commands',
  'maxmemory-policy': 'Redis may evict the keys of the journal and of the job queues',
} as const;

const cures = {
  appendonly: 'appendonly yes',
  'maxmemory-policy': 'maxmemory-policy noeviction',
} as const;

function refusalOf(error: RedisEvictsKeysError | RedisNotDurableError): RedisRefusal {
  const setting = error instanceof RedisEvictsKeysError ? 'maxmemory-policy' : 'appendonly';
  const value = new RegExp(`has ${setting} (\\S+):`).exec(error.message)?.[1] ?? 'unknown';
  return {
    setting,
    message: error.message,
    publicMessage:
      `The ledger is unavailable: its Redis has ${setting} ${value}, so ${consequences[setting]}; ` +
      `it serves again once Redis has ${cures[setting]}`,
  };
}

/** Checks a Redis that answers: null when the journal may live in it. */
async function checkRedis(
  options: PreflightOptions,
  logger: Logger,
  { quiet = false } = {},
): Promise<RedisRefusal | null> {
  const { redisUrl } = options;
  // The watch asks every few seconds: its warnings were given at the start of the life.
  const log = quiet ? { warn: () => {} } : logger;
  try {
    await assertRedisKeepsKeys(redisUrl);
    if (options.redisDurability === 'aof') await assertRedisDurable(redisUrl, log);
    else if (!quiet)
      logger.info({ redisUrl }, 'Redis durability not checked (--redis-durability none)');
    return null;
  } catch (error) {
    if (error instanceof RedisEvictsKeysError || error instanceof RedisNotDurableError) {
      return refusalOf(error);
    }
    throw error;
  }
}

/**
 * Before a node opens its journal in Redis: waits for Redis, then refuses one that evicts keys
 * or, unless `--redis-durability none`, keeps no AOF. Returns why it refuses (one line, for
 * the caller to print before exiting 2), or null.
 */
export async function refusalOfRedis(
  options: PreflightOptions,
  logger: Logger,
  signal: AbortSignal,
): Promise<string | null> {
  await waitForRedis(options.redisUrl, signal);
  return (await checkRedis(options, logger))?.message ?? null;
}

/**
 * Before each later life of a node: the Redis that came back may not be the one checked at
 * start (restarted without its AOF, or with an evicting policy), and acknowledging commands in
 * it would lose them on its next restart. While it refuses, `onRefused` hears why (once per
 * refusal, also logged as an error) and Redis is asked again every `intervalMs`; resolves once
 * it is fixed. Rejects when Redis stops answering (the caller waits for it again) or on `signal`.
 */
export async function untilRedisAccepted(input: {
  readonly options: PreflightOptions;
  readonly logger: Logger;
  readonly signal: AbortSignal;
  readonly onRefused: (refusal: RedisRefusal) => void;
  readonly intervalMs?: number;
}): Promise<void> {
  const { options, logger, signal } = input;
  let refused: RedisRefusal | null = null;
  for (;;) {
    signal.throwIfAborted();
    const refusal = await checkRedis(options, logger);
    if (refusal === null) break;
    if (refusal.message !== refused?.message) {
      logger.error(
        { redisUrl: options.redisUrl, setting: refusal.setting },
        `${refusal.message} Not serving (503) until Redis is fixed; checking it again meanwhile.`,
      );
      input.onRefused(refusal);
    }
    refused = refusal;
    await sleep(input.intervalMs ?? 1000, undefined, { signal });
  }
  if (refused !== null) {
    logger.info({ redisUrl: options.redisUrl }, 'Redis is fixed; serving again');
  }
}

/** A Redis that turned unfit while a life served on it. */
export class RedisTurnedUnfitError extends Error {
  override readonly name = 'RedisTurnedUnfitError';
}

/**
 * While a life serves: asks Redis every `intervalMs` whether it is still fit for the journal
 * (an operator may `CONFIG SET appendonly no` on a live Redis), and resolves `unfit` when it is
 * not, so that the life ends and the next one waits until Redis is fixed. A Redis that does
 * not answer is the journal's failure to report, not this watch's.
 */
export function watchRedisFitness(input: {
  readonly options: PreflightOptions;
  readonly logger: Logger;
  readonly intervalMs: number;
}): { readonly unfit: Promise<Error>; stop(): void } {
  const stopped = new AbortController();
  const unfit = Promise.withResolvers<Error>();
  const { options, logger, intervalMs } = input;
  void (async () => {
    for (;;) {
      await sleep(intervalMs, undefined, { signal: stopped.signal });
      const refusal = await checkRedis(options, logger, { quiet: true }).catch(() => null);
      if (refusal !== null && !stopped.signal.aborted) {
        unfit.resolve(new RedisTurnedUnfitError(refusal.message));
        return;
      }
    }
  })().catch(() => {});
  return { unfit: unfit.promise, stop: () => stopped.abort() };
}
