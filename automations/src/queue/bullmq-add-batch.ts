import type { JobsOptions, Queue } from 'bullmq';

type Pending = {
  readonly job: { readonly name: string; readonly data: unknown; readonly opts: JobsOptions };
  resolve(): void;
  reject(error: unknown): void;
};

const maxBatch = 500;

/**
 * Adds of one turn of the event loop, per queue, go to Redis as one addBulk (one round trip
 * instead of one each): triggers that fire together, or a burst of work, cost little more than
 * a single job. Each job keeps its own id, so deduplication is unchanged.
 */
export function createAddBatch(queueOf: (name: string) => Queue) {
  const pending = new Map<string, Pending[]>();
  const flush = (name: string) => {
    const batch = pending.get(name) ?? [];
    pending.delete(name);
    for (let start = 0; start < batch.length; start += maxBatch) {
      const chunk = batch.slice(start, start + maxBatch);
      queueOf(name)
        .addBulk(chunk.map((entry) => entry.job))
        .then(
          () => {
            for (const entry of chunk) entry.resolve();
          },
          (error: unknown) => {
            for (const entry of chunk) entry.reject(error);
          },
        );
    }
  };
  return (name: string, job: Pending['job']): Promise<void> =>
    new Promise((resolve, reject) => {
      let batch = pending.get(name);
      if (batch === undefined) {
        batch = [];
        pending.set(name, batch);
        setImmediate(() => flush(name));
      }
      batch.push({ job, resolve, reject });
    });
}
