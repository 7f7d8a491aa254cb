import type { JournalRecord, LedgerEngine } from '@pocketnet/ledger';
import {
  createJournalTracking,
  createPlanCommits,
  createWriterCommands,
  type ForwardedHttpAnswer,
  type ForwardedHttpRequest,
  type JournalTracking,
  type NodeLedger,
} from '@pocketnet/runtime';
import type { JobRunner, JobWorker } from '../queue/job-types.ts';
import { openRedisJournal, type RedisJournal } from '../redis/redis-journal.ts';
import { announceWriter, type WriterAnnouncement } from '../redis/writer-announcement.ts';
import type { ScaleOutSettings } from './scale-out-settings.ts';
import { writerCommandProcessor } from './writer-command.processor.ts';
import { writerQueue } from './writer-queue.ts';

/**
 * The writer's ledger on Redis: the journal it opens (taking the next fencing token) for
 * createNode, and whatever failure ends it (a lost connection, or a newer writer).
 */
export function createRedisWriterLedger(options: {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly onFailure: (error: Error) => void;
  /** Sees every record the engine replays (the writer's clock resumes from their times). */
  readonly onReplayed?: (record: JournalRecord) => void;
}) {
  let journal: RedisJournal | null = null;
  const onReplayed = options.onReplayed ?? (() => {});
  // What the engine applied beyond what is durable, and the participant changes replicas plan.
  const tracking = createJournalTracking();
  const ledger: NodeLedger = {
    async openJournal() {
      const opened = await openRedisJournal(options);
      journal = opened;
      return tracking.track({
        ...opened,
        replay: () =>
          (async function* () {
            for await (const record of opened.replay()) {
              onReplayed(record);
              yield record;
            }
          })(),
      });
    },
  };
  return {
    ledger,
    journal: () => journal,
    position: () => journal?.position() ?? 0,
    tracking,
  };
}

type WriterEngine = Pick<
  LedgerEngine,
  'submit' | 'submitAsync' | 'submitReassignment' | 'commitAdmin' | 'commitTopology'
>;

/** The writer serving replicas: a worker on the command queue, many commands at once. */
export function serveWriterCommands(deps: {
  readonly runner: JobRunner;
  readonly engine: WriterEngine;
  readonly position: () => number;
  /** The writer's journal tracking: refusals answer with what it applied; plans commit. */
  readonly tracking?: JournalTracking;
  readonly nowMicros: () => bigint;
  readonly http: (request: ForwardedHttpRequest) => Promise<ForwardedHttpAnswer>;
  /** Commands run at once (default 256): concurrent submissions share a journal append. */
  readonly concurrency?: number;
  readonly maxQueueMs?: number;
}): JobWorker {
  const { tracking } = deps;
  const commands = createWriterCommands({
    ...deps,
    ...(tracking && {
      appliedPosition: tracking.applied,
      plans: createPlanCommits({ engine: deps.engine, tracking }),
    }),
  });
  const processor = writerCommandProcessor({
    commands,
    ...(deps.maxQueueMs ? { maxQueueMs: deps.maxQueueMs } : {}),
  });
  return deps.runner.work(writerQueue, processor, { concurrency: deps.concurrency ?? 256 });
}

/**
 * The writer open for business: serves the commands of replicas (their HTTP requests through
 * its own API, through `http`, which the gateway provides) and tells them, in Redis, the network
 * it runs.
 */
export async function serveAsWriter(deps: {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly runner: JobRunner;
  readonly engine: WriterEngine;
  readonly nowMicros: () => bigint;
  readonly writer: {
    journal(): RedisJournal | null;
    position(): number;
    readonly tracking?: JournalTracking;
  };
  /** Runs a request a replica handed over whole against the writer's own API. */
  readonly http: (request: ForwardedHttpRequest) => Promise<ForwardedHttpAnswer>;
  readonly network: Omit<WriterAnnouncement, 'epoch'>;
  readonly settings: Pick<ScaleOutSettings, 'writerConcurrency' | 'writerMaxQueueMs'>;
}): Promise<JobWorker> {
  const worker = serveWriterCommands({
    runner: deps.runner,
    engine: deps.engine,
    position: deps.writer.position,
    ...(deps.writer.tracking && { tracking: deps.writer.tracking }),
    nowMicros: deps.nowMicros,
    http: deps.http,
    concurrency: deps.settings.writerConcurrency,
    maxQueueMs: deps.settings.writerMaxQueueMs,
  });
  const epoch = deps.writer.journal()?.epoch ?? 0;
  await announceWriter(deps, { ...deps.network, epoch });
  return worker;
}
