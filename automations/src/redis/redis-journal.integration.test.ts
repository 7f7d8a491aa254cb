import type { JournalRecord } from '@pocketnet/ledger';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  freshPrefix,
  sharedRedisUrl,
  startOwnRedis,
  topologyRecord,
} from '../../testing/redis-server.test-helper.ts';
import { dropRedisPrefix } from './drop-redis-prefix.ts';
import { JournalFencedError, openRedisJournal } from './redis-journal.ts';
import { createRedisJournalFollower } from './redis-journal-follower.ts';
import { redisJournalKeys } from './redis-journal-keys.ts';

const readAll = async (journal: { replay(): AsyncIterable<JournalRecord> }) => {
  const records: JournalRecord[] = [];
  for await (const record of journal.replay()) records.push(record);
  return records;
};

describe('the Redis Stream journal', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('refuses every append of a writer once a newer one opened the journal', async () => {
    const prefix = freshPrefix();
    cleanups.push(() => dropRedisPrefix(sharedRedisUrl, prefix));
    const onFailure = vi.fn();
    const stale = await openRedisJournal({ redisUrl: sharedRedisUrl, prefix, onFailure });
    await stale.append(topologyRecord(1));
    const current = await openRedisJournal({ redisUrl: sharedRedisUrl, prefix });
    cleanups.push(
      () => current.close(),
      () => stale.close(),
    );
    expect(current.epoch).toBe(stale.epoch + 1);

    await expect(stale.append(topologyRecord(2))).rejects.toBeInstanceOf(JournalFencedError);
    await expect(stale.append(topologyRecord(2))).rejects.toBeInstanceOf(JournalFencedError);
    expect(onFailure).toHaveBeenCalledOnce();
    await current.append(topologyRecord(2));
    expect(await readAll(current)).toEqual([topologyRecord(1), topologyRecord(2)]);
    expect(current.position()).toBe(2);
  });

  it('keeps the n-th record at stream entry n-0 and the head at the last', async () => {
    const prefix = freshPrefix();
    cleanups.push(() => dropRedisPrefix(sharedRedisUrl, prefix));
    const journal = await openRedisJournal({ redisUrl: sharedRedisUrl, prefix });
    cleanups.push(() => journal.close());
    await Promise.all([1, 2, 3].map((offset) => journal.append(topologyRecord(offset))));
    const redis = new Redis(sharedRedisUrl);
    cleanups.push(() => redis.quit());
    const keys = redisJournalKeys(prefix);
    const entries = await redis.xrange(keys.entries, '-', '+');
    expect(entries.map(([id]) => id)).toEqual(['1-0', '2-0', '3-0']);
    expect(JSON.parse(entries[1]?.[1][1] ?? '')).toEqual(topologyRecord(2));
    expect(await redis.get(keys.head)).toBe('3');
  });

  it('fails its appends at once when Redis goes away, and says so once', async () => {
    const redis = await startOwnRedis();
    cleanups.push(() => redis.stop());
    const onFailure = vi.fn();
    const journal = await openRedisJournal({ redisUrl: redis.url, prefix: 'net', onFailure });
    cleanups.push(() => journal.close());
    await journal.append(topologyRecord(1));
    await redis.kill();
    await expect(journal.append(topologyRecord(2))).rejects.toThrow();
    expect(onFailure).toHaveBeenCalledOnce();
    // What it acknowledged is in the AOF: a new writer finds it.
    await redis.start();
    const next = await openRedisJournal({ redisUrl: redis.url, prefix: 'net' });
    cleanups.push(() => next.close());
    expect(await readAll(next)).toEqual([topologyRecord(1)]);
  });
});

describe('the journal follower', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('hands over every record once, in order, and carries on across a Redis restart', async () => {
    const redis = await startOwnRedis();
    cleanups.push(() => redis.stop());
    const writer = await openRedisJournal({ redisUrl: redis.url, prefix: 'net' });
    for (let offset = 1; offset <= 50; offset += 1) await writer.append(topologyRecord(offset));
    const errors: unknown[] = [];
    const follower = createRedisJournalFollower({
      redisUrl: redis.url,
      prefix: 'net',
      blockMs: 200,
      onError: (error) => errors.push(error),
    });
    cleanups.push(() => follower.close());
    const seen: Array<[number, JournalRecord]> = [];
    const caughtUp = new Promise<void>((resolve) => {
      void follower.follow(0, (record, position) => {
        seen.push([position, record]);
        if (position === 100) resolve();
      });
    });
    await writer.append(topologyRecord(51));
    await redis.kill();
    await writer.close();
    await redis.start();
    // A new writer after the outage; the follower reconnects by itself and reads on.
    const next = await openRedisJournal({ redisUrl: redis.url, prefix: 'net' });
    cleanups.push(() => next.close());
    for (let offset = 52; offset <= 100; offset += 1) await next.append(topologyRecord(offset));
    await caughtUp;
    expect(seen.map(([position]) => position)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(seen.map(([, record]) => record)).toEqual(
      Array.from({ length: 100 }, (_, i) => topologyRecord(i + 1)),
    );
    // Its connection for questions fails fast while away, and is back on its own.
    await vi.waitFor(() => expect(follower.isConnected()).toBe(true), { timeout: 5000 });
    expect(await follower.head()).toBe(100);
    // The outage reached the hook rather than vanishing.
    expect(errors.length).toBeGreaterThan(0);
  });
});
