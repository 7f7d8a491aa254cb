import { Redis } from 'ioredis';
import { JournalFencedError } from '../redis/redis-journal.ts';

/** One life of the writer: everything built on one opening of the journal. */
export type WriterLife = {
  /** Resolves with the failure that ended the journal (lost Redis, or fenced). */
  readonly ended: Promise<Error>;
  close(): Promise<void>;
};

async function redisAnswers(redisUrl: string): Promise<boolean> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Resolves once Redis answers, asking again every `intervalMs`. */
export async function waitForRedis(redisUrl: string, signal: AbortSignal, intervalMs = 250) {
  while (!(await redisAnswers(redisUrl))) {
    signal.throwIfAborted();
    await new Promise((resume) => setTimeout(resume, intervalMs));
  }
}

/**
 * The writer process's loop: start a life, and when its journal fails (Redis went away) tear
 * it down, wait for Redis and start the next, which replays the journal as after a crash. A
 * writer fenced by a newer one stops for good: two writers must not take turns.
 */
export async function runWriterLives(deps: {
  readonly redisUrl: string;
  readonly start: (life: number) => Promise<WriterLife>;
  readonly signal: AbortSignal;
  readonly onRestart?: (error: Error) => void;
  /** A failure to start that no return of Redis cures (a port in use): thrown, not retried. */
  readonly isFatal?: (error: unknown) => boolean;
}): Promise<'stopped' | 'fenced'> {
  for (let life = 0; ; life += 1) {
    try {
      await waitForRedis(deps.redisUrl, deps.signal);
    } catch {
      return 'stopped';
    }
    let current: WriterLife;
    try {
      current = await deps.start(life);
    } catch (error) {
      // Redis went away while the journal replayed: try again once it is back.
      if (deps.signal.aborted) return 'stopped';
      if (deps.isFatal?.(error)) throw error;
      deps.onRestart?.(error instanceof Error ? error : new Error(String(error)));
      continue;
    }
    const stopped = new Promise<null>((resolve) => {
      if (deps.signal.aborted) resolve(null);
      deps.signal.addEventListener('abort', () => resolve(null), { once: true });
    });
    const failure = await Promise.race([current.ended, stopped]);
    await current.close();
    if (failure === null) return 'stopped';
    if (failure instanceof JournalFencedError) return 'fenced';
    deps.onRestart?.(failure);
  }
}
