import { randomUUID } from 'node:crypto';
import { dropRedisPrefix } from '@pocketnet/automations';
import { openRedisJournal } from '@pocketnet/automations/redis';
import type { JournalRecord } from '@pocketnet/ledger';
import { Queue } from 'bullmq';
import { envInteger } from './bench-config.ts';
import {
  type BenchLine,
  type BenchResult,
  formatCount,
  formatRatio,
  median,
  statusOf,
} from './bench-line.ts';
import { renderTable } from './report-table.ts';

// The journal on a Redis Stream (one atomic script per append: fencing token, expected head,
// XADD at the next id; appends made meanwhile go together) against a raw ioredis loop that
// XADDs the same payloads on the same Redis, without checks, at the same concurrency.

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function readRedisJournalConfig() {
  return {
    records: envInteger('BENCH_REDIS_JOURNAL_RECORDS', 10_000),
    concurrency: envInteger('BENCH_REDIS_JOURNAL_CONCURRENCY', 64),
    rounds: envInteger('BENCH_REDIS_JOURNAL_ROUNDS', 3),
  };
}

type Config = ReturnType<typeof readRedisJournalConfig>;

function record(offset: number): JournalRecord {
  return {
    type: 'topology',
    offset,
    updateId: `1220${offset.toString(16).padStart(64, '0')}`,
    synchronizerId: 'global-domain::1220a8568d1c4630eaef244bdae0d4c3c9753ebe59c4c591dd11c9e0a20e',
    recordTime: '2026-01-01T00:00:00.000000Z',
    participantId: 'participant1::1220a8568d1c4630eaef244bdae0d4c3c9753ebe59c4c591dd11c9e0a20e',
    parties: [`party-${offset}::1220a8568d1c4630eaef244bdae0d4c3c9753ebe59c4c591dd11c9e0a20e`],
    annotations: { note: `record ${offset}`.padEnd(200, '.') },
    identityProviderId: '',
    grantedTo: null,
  };
}

/** Runs `count` calls of `one`, `concurrency` at a time; calls per second. */
async function perSecond(
  count: number,
  concurrency: number,
  one: (index: number) => Promise<unknown>,
) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await one(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

async function journalRun(config: Config, concurrency: number): Promise<number> {
  const prefix = `bench-journal-${randomUUID()}`;
  const journal = await openRedisJournal({ redisUrl, prefix });
  try {
    return await perSecond(config.records, concurrency, (index) =>
      journal.append(record(index + 1)),
    );
  } finally {
    await journal.close();
    await dropRedisPrefix(redisUrl, prefix);
  }
}

async function rawRun(config: Config, concurrency: number): Promise<number> {
  const prefix = `bench-raw-${randomUUID()}`;
  // A plain ioredis client: BullMQ's own connection (the bench declares BullMQ, not ioredis;
  // BullMQ types it by its own interface, whose xadd takes a field object).
  const owner = new Queue('raw', { connection: { url: redisUrl }, prefix });
  const redis = (await owner.getBackend().client) as unknown as {
    xadd(key: string, id: string, field: string, value: string): Promise<string>;
  };
  try {
    return await perSecond(config.records, concurrency, (index) =>
      redis.xadd(`${prefix}:entries`, '*', 'r', JSON.stringify(record(index + 1))),
    );
  } finally {
    await owner.close();
    await dropRedisPrefix(redisUrl, prefix);
  }
}

async function compare(config: Config, concurrency: number) {
  const journal: number[] = [];
  const raw: number[] = [];
  for (let round = 0; round < config.rounds; round += 1) {
    // Taking turns spreads drifts (other load on the machine) over both sides.
    journal.push(await journalRun(config, concurrency));
    raw.push(await rawRun(config, concurrency));
  }
  return { journal: median(journal), raw: median(raw) };
}

export async function runRedisJournal(config: Config): Promise<BenchResult> {
  const concurrent = await compare(config, config.concurrency);
  const sequential = await compare({ ...config, records: Math.ceil(config.records / 5) }, 1);
  const line = (
    name: string,
    side: { journal: number; raw: number },
    target: number,
  ): BenchLine => ({
    name,
    value: `${formatCount(side.journal)}/s`,
    baseline: `${formatCount(side.raw)}/s raw XADD`,
    ratio: formatRatio(side.journal / side.raw),
    target: `≥ ${target}×`,
    status: statusOf(side.journal / side.raw >= target),
  });
  return {
    lines: [
      line(`Redis journal appends, ${config.concurrency} at once`, concurrent, 1),
      line('Redis journal appends, one at a time', sequential, 0.5),
    ],
    notes: [
      `Redis journal: ${config.records} records of ~${JSON.stringify(record(1)).length} bytes, median of ` +
        `${config.rounds} rounds. Concurrent appends share one script call (group commit); one at ` +
        'a time each pays for the script and its checks. The Redis of the run decides durability ' +
        '(appendfsync): both sides wait for the same acknowledgement.',
    ],
  };
}

if (import.meta.main) {
  const result = await runRedisJournal(readRedisJournalConfig());
  console.log(renderTable(result.lines));
  for (const note of result.notes) console.log(note);
}
