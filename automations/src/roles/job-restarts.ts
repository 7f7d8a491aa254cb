import { Queue } from 'bullmq';

export type JobRestart = {
  readonly jobId: string;
  readonly name: string;
  /** How many times a worker started it. */
  readonly attemptsStarted: number;
  /** How many times it was found stalled (its worker died or hung) and handed out again. */
  readonly stalledCounter: number;
};

/**
 * The finished jobs of a queue that a worker started more than once, or that stalled: what a
 * worker killed mid-job leaves behind. For operators and the reliability suite.
 */
export async function restartedJobs(options: {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly queue: string;
  readonly limit?: number;
}): Promise<JobRestart[]> {
  const queue = new Queue(options.queue, {
    connection: { url: options.redisUrl },
    prefix: options.prefix,
  });
  try {
    const jobs = await queue.getJobs(['completed', 'failed'], 0, (options.limit ?? 1000) - 1);
    return jobs
      .filter((job) => job.attemptsStarted > 1 || job.stalledCounter > 0)
      .map((job) => ({
        jobId: job.id ?? '',
        name: job.name,
        attemptsStarted: job.attemptsStarted,
        stalledCounter: job.stalledCounter,
      }));
  } finally {
    await queue.close();
  }
}
