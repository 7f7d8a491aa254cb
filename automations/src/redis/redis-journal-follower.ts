import type { JournalRecord } from '@pocketnet/ledger';
import type { JournalFollower } from '@pocketnet/runtime';
import { Redis } from 'ioredis';
import { readEntries } from './redis-journal.ts';
import { entryIdOf, positionOfEntryId, redisJournalKeys } from './redis-journal-keys.ts';
import { decodeJournalRecord } from './redis-record-codec.ts';

export type RedisJournalFollowerOptions = {
  readonly redisUrl: string;
  readonly prefix: string;
  /** Where a failure of the follow loop goes (a gap in the stream stops it for good). */
  readonly onError: (error: unknown) => void;
  /** How long one XREAD blocks before it asks again (default 2 s). */
  readonly blockMs?: number;
};

type Entries = Array<[id: string, fields: string[]]>;

/**
 * Entries one live read hands over at most. The whole page is applied in one turn of the event
 * loop (bus, projections, the commands it answers), and nothing else in the process runs
 * meanwhile: a replica fallen behind under overload took 1,000 at once and stalled its
 * gateway for up to a second, which was the tail of every answer there (issue 12: accepted p99
 * 5× the sustainable, against 2× with pages of 50).
 */
const followPage = 50;

/**
 * Follows the journal's stream for a replica: catches up page by page, then XREAD BLOCK from
 * the last entry it handed over. Its connection waits for Redis when Redis is away and the read
 * resumes from the same entry, so a replica reconnects by itself with neither gap nor duplicate.
 */
export function createRedisJournalFollower(options: RedisJournalFollowerOptions): JournalFollower {
  const keys = redisJournalKeys(options.prefix);
  const { onError } = options;
  // Blocking reads wait for Redis to come back; the head is asked for on a connection that
  // fails at once instead, so that callers can answer "unavailable" fast.
  const reader = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const control = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  // ioredis reconnects by itself; each failed attempt still goes to the hook, for the logs.
  reader.on('error', onError);
  control.on('error', onError);
  let closed = false;
  let last = 0;
  let loop: Promise<void> | null = null;

  const handOver = (entries: Entries, onRecord: (r: JournalRecord, p: number) => void) => {
    for (const [id, fields] of entries) {
      const position = positionOfEntryId(id);
      if (position !== last + 1) {
        throw new Error(`the journal jumps from ${last} to ${position}: was it reset?`);
      }
      onRecord(decodeJournalRecord(fields[1] ?? ''), position);
      last = position;
    }
  };
  const followLoop = async (onRecord: (r: JournalRecord, p: number) => void) => {
    while (!closed) {
      try {
        const reply = (await reader.xread(
          'COUNT',
          followPage,
          'BLOCK',
          options.blockMs ?? 2000,
          'STREAMS',
          keys.entries,
          entryIdOf(last),
        )) as Array<[string, Entries]> | null;
        for (const [, entries] of reply ?? []) handOver(entries, onRecord);
      } catch (error) {
        if (closed) return;
        if (error instanceof Error && error.message.startsWith('the journal jumps')) {
          onError(error);
          return;
        }
        await new Promise((resume) => setTimeout(resume, 200));
      }
    }
  };

  return {
    async follow(from, onRecord) {
      if (loop !== null) throw new Error('a follower follows once');
      last = from;
      const end = Number((await reader.get(keys.head)) ?? '0');
      for await (const { position, record } of readEntries(reader, keys, from + 1, end)) {
        onRecord(record, position);
        last = position;
      }
      loop = followLoop(onRecord);
    },
    head: async () => Number((await control.get(keys.head)) ?? '0'),
    isConnected: () => control.status === 'ready' && reader.status === 'ready',
    async close() {
      closed = true;
      reader.disconnect();
      control.disconnect();
      await loop;
    },
  };
}
