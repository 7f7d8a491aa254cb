import type { Journal, JournalRecord } from '@pocketnet/ledger';
import { Redis } from 'ioredis';
import { entryIdOf, type RedisJournalKeys, redisJournalKeys } from './redis-journal-keys.ts';
import { isFencedReply, withAppendScript } from './redis-journal-script.ts';
import { decodeJournalRecord, encodeJournalRecord } from './redis-record-codec.ts';

/** A newer writer opened the journal: this one may append nothing more. */
export class JournalFencedError extends Error {
  override readonly name = 'JournalFencedError';
}

export type RedisJournalOptions = {
  readonly redisUrl: string;
  /** The key prefix of this ledger (one per network, or a fresh one per test). */
  readonly prefix: string;
  /** Called once when the journal stops accepting appends: a lost connection, or fenced. */
  readonly onFailure?: (error: Error) => void;
  /** At most this many records go to Redis in one append (default 512). */
  readonly maxBatchRecords?: number;
};

/** The journal in a Redis Stream, for its one writer. */
export type RedisJournal = Journal & {
  /** How many records are durable in the stream (the last one's position). */
  position(): number;
  /** This writer's fencing token. */
  readonly epoch: number;
  /** Whether Redis makes an acknowledged append durable on disk (AOF with `appendfsync always`). */
  readonly durability: { readonly appendonly: string; readonly appendfsync: string };
  readonly keys: RedisJournalKeys;
};

type Pending = { readonly payload: string; resolve(): void; reject(error: Error): void };

const pageSize = 1000;
const maxBatchBytes = 4 * 1024 * 1024;

async function configValue(redis: Redis, name: string): Promise<string> {
  try {
    const reply = (await redis.call('CONFIG', 'GET', name)) as string[];
    return reply[1] ?? 'unknown';
  } catch {
    // Managed Redis often disables CONFIG.
    return 'unknown';
  }
}

/** Every record up to `end` (a position), page by page, in order. */
export async function* readEntries(
  redis: Redis,
  keys: RedisJournalKeys,
  from: number,
  end: number,
): AsyncGenerator<{ readonly position: number; readonly record: JournalRecord }> {
  let next = from;
  while (next <= end) {
    const page = await redis.xrange(
      keys.entries,
      entryIdOf(next),
      entryIdOf(end),
      'COUNT',
      pageSize,
    );
    if (page.length === 0) throw new Error(`the journal has no entry ${next} (head ${end})`);
    for (const [id, fields] of page) {
      const position = Number.parseInt(id, 10);
      if (position !== next) throw new Error(`the journal skips from ${next - 1} to ${id}`);
      yield { position, record: decodeJournalRecord(fields[1] ?? '') };
      next += 1;
    }
  }
}

/**
 * Opens the journal for writing: takes the next fencing token, so that an earlier writer's
 * appends are refused from now on, and reads where the stream ends. Appends made while one is
 * in flight go together in the next (group commit); each is one atomic script (see
 * redis-journal-script.ts). Redis acknowledges once the AOF holds it; with `appendfsync always`
 * that means on disk. After a failure the journal refuses every later append: the writer
 * reopens it and replays, as after a crash.
 */
export async function openRedisJournal(options: RedisJournalOptions): Promise<RedisJournal> {
  const keys = redisJournalKeys(options.prefix);
  const redis = withAppendScript(
    new Redis(options.redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 2000,
    }),
  );
  redis.on('error', () => {});
  await redis.connect();
  const epoch = await redis.incr(keys.epoch);
  let head = Number((await redis.get(keys.head)) ?? '0');
  const durability = {
    appendonly: await configValue(redis, 'appendonly'),
    appendfsync: await configValue(redis, 'appendfsync'),
  };
  const maxBatch = options.maxBatchRecords ?? 512;
  const queue: Pending[] = [];
  let flushing: Promise<void> | null = null;
  let failure: Error | null = null;
  let closed = false;

  const fail = (error: unknown, batch: readonly Pending[]) => {
    const cause = error instanceof Error ? error : new Error(String(error));
    failure ??= isFencedReply(cause) ? new JournalFencedError(cause.message) : cause;
    for (const pending of [...batch, ...queue.splice(0)]) pending.reject(failure);
    options.onFailure?.(failure);
  };
  const takeBatch = () => {
    let bytes = 0;
    let count = 0;
    while (count < queue.length && count < maxBatch && bytes < maxBatchBytes) {
      bytes += queue[count]?.payload.length ?? 0;
      count += 1;
    }
    return queue.splice(0, count);
  };
  const flush = async () => {
    while (queue.length > 0 && failure === null) {
      const batch = takeBatch();
      try {
        const payloads = batch.map((pending) => pending.payload);
        const expected = head;
        const next = await redis.journalAppend(
          keys.entries,
          keys.head,
          keys.epoch,
          epoch,
          expected,
          ...payloads,
        );
        head = Number(next);
        for (const pending of batch) pending.resolve();
      } catch (error) {
        fail(error, batch);
      }
    }
    flushing = null;
  };
  redis.on('close', () => {
    if (!closed && failure === null) fail(new Error('the connection to Redis closed'), []);
  });

  return {
    epoch,
    durability,
    keys,
    position: () => head,
    append(record: JournalRecord) {
      if (closed) return Promise.reject(new Error('the journal is closed'));
      if (failure !== null) return Promise.reject(failure);
      const payload = encodeJournalRecord(record);
      return new Promise<void>((resolve, reject) => {
        queue.push({ payload, resolve, reject });
        flushing ??= flush();
      });
    },
    replay() {
      const end = head;
      return (async function* () {
        for await (const entry of readEntries(redis, keys, 1, end)) yield entry.record;
      })();
    },
    async close() {
      if (closed) return;
      closed = true;
      await flushing;
      if (failure === null) await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
