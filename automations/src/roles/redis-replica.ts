import type { Clock, Journal } from '@pocketnet/ledger';
import {
  type AdaptiveLimitSettings,
  createFollowerClock,
  createReplica,
  type JournalFollower,
  type NodeLedger,
} from '@pocketnet/runtime';
import { createBullmqRunner } from '../queue/bullmq-runner.ts';
import { createRedisJournalFollower } from '../redis/redis-journal-follower.ts';
import { createQueueCommandTransport } from './queue-command-transport.ts';

export type RedisReplicaOptions = {
  readonly redisUrl: string;
  readonly prefix: string;
  /** The replica's own clock (wall time); it follows the writer's on top. */
  readonly clock: Clock;
  /** How long a command waits for the writer (default 10 s). */
  readonly commandTimeoutMs?: number;
  /** Commands in flight at most; beyond, PARTICIPANT_BACKPRESSURE (default 256). */
  readonly maxInFlight?: number;
  /** The in-flight limit adapts under maxInFlight with these (null: fixed). */
  readonly adaptiveLimit?: AdaptiveLimitSettings | null;
  /** A worker's job lock: a killed worker's jobs run again after it lapses (default 30 s). */
  readonly lockDurationMs?: number;
  readonly onError: (error: unknown) => void;
};

/** A replica's journal: it reads through its follower, appends nothing, and closes it. */
function replicaJournal(follower: JournalFollower): Journal {
  return {
    append: () => Promise.reject(new Error('a replica appends nothing: its writer does')),
    replay: () => (async function* () {})(),
    close: () => follower.close(),
  };
}

/**
 * Everything a gateway or worker process needs to be a replica of a Redis-based ledger: a
 * follower of the journal's stream feeding its bus, commands to the writer over BullMQ, a clock
 * that follows the writer's, and the `ledger` to hand to createNode.
 */
export function createRedisReplica(options: RedisReplicaOptions) {
  const { onError } = options;
  const follower = createRedisJournalFollower({ ...options, onError });
  const runner = createBullmqRunner({
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    onError,
    ...(options.lockDurationMs
      ? {
          lockDurationMs: options.lockDurationMs,
          stalledIntervalMs: Math.max(100, Math.floor(options.lockDurationMs / 2)),
        }
      : {}),
  });
  const transport = createQueueCommandTransport({
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    onError,
    ...(options.commandTimeoutMs ? { timeoutMs: options.commandTimeoutMs } : {}),
  });
  const clock = createFollowerClock(options.clock);
  const replica = createReplica({
    follower,
    transport,
    clock,
    ...(options.maxInFlight ? { maxInFlight: options.maxInFlight } : {}),
    adaptiveLimit: options.adaptiveLimit ?? null,
  });
  const ledger: NodeLedger = {
    openJournal: async () => replicaJournal(follower),
    createEngine: replica.createEngine,
    replica: true,
  };
  return {
    replica,
    ledger,
    clock,
    /** The BullMQ runner of this process: a worker's job workers, the queues' view. */
    runner,
    /** Stops the follower's and the transport's connections and the runner. */
    async close() {
      await transport.close();
      await runner.close();
    },
    /** Resolves once this replica's bus holds everything durable when it was called. */
    async catchUp(): Promise<void> {
      await replica.caughtUpTo(await follower.head());
    },
  };
}

export type RedisReplica = ReturnType<typeof createRedisReplica>;
