import { randomUUID } from 'node:crypto';
import { defineProcessor, type JobRunner } from '@pocketnet/automations';
import { createBullmqRunner } from '@pocketnet/automations/redis';
import { internalSubmission } from '@pocketnet/ledger';
import { commandIdOf } from '@pocketnet/runtime';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { z } from 'zod';
import { envInteger } from './bench-config.ts';
import {
  type BenchLine,
  type BenchResult,
  formatCount,
  formatRatio,
  infoLine,
  median,
  statusOf,
} from './bench-line.ts';
import { createIou, transferIou } from './iou-commands.ts';
import { type IouNode, startIouNode } from './iou-node.ts';

// Automation jobs that each run one ledger exercise (Iou_Transfer through the node's engine,
// its command id derived from the job id), through the framework's BullMQ runner, against raw
// BullMQ jobs that do nothing, on the same Redis, enqueued and awaited the same way.

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const targetRatio = 0.7;

export function readAutomationJobsConfig() {
  return {
    jobs: envInteger('BENCH_AUTOMATION_JOBS', 2_000),
    concurrency: envInteger('BENCH_AUTOMATION_CONCURRENCY', 64),
    rounds: envInteger('BENCH_AUTOMATION_ROUNDS', 5),
  };
}

type Config = ReturnType<typeof readAutomationJobsConfig>;

/** Removes both queues of a run (everything under its prefix) from Redis. */
async function removeQueues(prefix: string): Promise<void> {
  for (const name of ['raw', 'automation']) {
    const queue = new Queue(name, { connection: { url: redisUrl }, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
}

/** Raw BullMQ: a Queue, a Worker doing nothing, QueueEvents telling when each job finished. */
async function rawJobsPerSecond(config: Config, prefix: string): Promise<number> {
  const connection = { url: redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue('raw', { connection, prefix });
  // Every waiting job listens for the queue closing; thousands at once are expected here.
  queue.setMaxListeners(config.jobs + 10);
  const events = new QueueEvents('raw', { connection, prefix });
  await events.waitUntilReady();
  const worker = new Worker('raw', async () => ({ outcome: 'noop' }), {
    connection,
    prefix,
    concurrency: config.concurrency,
  });
  await worker.waitUntilReady();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: config.jobs }, async (_, index) => {
      const job = await queue.add('noop', { index }, { jobId: `raw-${index}` });
      await job.waitUntilFinished(events);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await worker.close();
  await events.close();
  await queue.close();
  return config.jobs / seconds;
}

/** The framework: the runner's add and waitFor, a zod-parsed processor, one ledger exercise. */
async function frameworkJobsPerSecond(config: Config, prefix: string, net: IouNode) {
  const ious: string[] = [];
  for (let index = 0; index < config.jobs; index++) {
    const record = await net.node.engine.submit(
      internalSubmission({
        commands: [createIou(net)],
        userId: 'bench',
        commandId: `${prefix}-iou-${index}`,
        actAs: [net.bank, net.alice],
      }),
    );
    ious.push(record.nodes[0]?.contractId ?? '');
  }
  const transfer = defineProcessor(z.object({ iou: z.string().min(1) }), async ({ iou }, job) => {
    await net.node.engine.submit(
      internalSubmission({
        commands: [transferIou(iou, net.bob)],
        userId: 'bench',
        commandId: commandIdOf(job.id),
        actAs: [net.alice],
      }),
    );
    return { outcome: 'done' };
  });
  const runner: JobRunner = createBullmqRunner({
    redisUrl,
    prefix,
    onError: (error) => console.error('Redis error', error),
  });
  runner.work('automation', transfer, { concurrency: config.concurrency });
  const started = performance.now();
  const results = await Promise.all(
    ious.map(async (iou, index) => {
      const jobId = `transfer-${index}`;
      await runner.add('automation', { name: 'transfer', data: { iou }, options: { jobId } });
      return runner.waitFor('automation', jobId);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await runner.close();
  const done = results.filter((result) => result.outcome === 'done').length;
  if (done !== config.jobs) throw new Error(`only ${done} of ${config.jobs} transfers were done`);
  return config.jobs / seconds;
}

export async function runAutomationJobs(
  config: Config = readAutomationJobsConfig(),
): Promise<BenchResult> {
  const raw: number[] = [];
  const framework: number[] = [];
  for (let round = 0; round < config.rounds; round++) {
    const prefix = `bench-${randomUUID()}`;
    const net = await startIouNode(null);
    try {
      // Side by side, alternating which goes first, on the same Redis (BENCH_AUTOMATION_ONLY
      // runs one side alone, for profiling).
      const only = process.env.BENCH_AUTOMATION_ONLY;
      if (round % 2 === 0 && only !== 'framework') raw.push(await rawJobsPerSecond(config, prefix));
      if (only !== 'raw') framework.push(await frameworkJobsPerSecond(config, prefix, net));
      if (round % 2 === 1 && only !== 'framework') raw.push(await rawJobsPerSecond(config, prefix));
    } finally {
      await net.node.close();
      await removeQueues(prefix);
    }
  }
  const [rawRate, frameworkRate] = [
    median(raw.length ? raw : [1]),
    median(framework.length ? framework : [1]),
  ];
  const ratio = frameworkRate / rawRate;
  const lines: BenchLine[] = [
    {
      name: 'automation jobs (1 ledger exercise each) vs raw BullMQ no-op jobs',
      value: `${formatCount(frameworkRate)} jobs/s`,
      baseline: `${formatCount(rawRate)} jobs/s`,
      ratio: formatRatio(ratio),
      target: `≥ ${formatRatio(targetRatio)}`,
      status: statusOf(ratio >= targetRatio),
    },
    infoLine('automation jobs with real ledger work', `${formatCount(frameworkRate)} jobs/s`),
  ];
  const notes = [
    `automation jobs: ${config.jobs} jobs per run, worker concurrency ${config.concurrency}, median of ${config.rounds} runs; each job added and awaited (QueueEvents) on ${redisUrl}; framework runs: ${framework.map((rate) => formatCount(rate)).join(', ')} jobs/s; raw runs: ${raw.map((rate) => formatCount(rate)).join(', ')} jobs/s`,
  ];
  return { lines, notes };
}
