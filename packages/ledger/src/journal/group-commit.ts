export type FlushStats = { readonly records: number; readonly bytes: number };

type Pending = {
  readonly bytes: Buffer;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
};

/**
 * Group commit: entries queued while a flush is under way go out together in the next single
 * flush, so concurrent writers share one write + sync. Entries resolve in queue order. After a
 * failed flush the state on disk is unknown, so every later entry is refused.
 */
export function createGroupCommit(options: {
  /** Writes the bytes and returns once they are durable. */
  readonly flush: (bytes: Buffer) => Promise<void>;
  readonly onFlush?: ((stats: FlushStats) => void) | undefined;
}) {
  const queue: Pending[] = [];
  let flushing: Promise<void> | null = null;
  let failure: Error | null = null;

  async function flushBatch(batch: readonly Pending[]): Promise<void> {
    const bytes = Buffer.concat(batch.map((pending) => pending.bytes));
    try {
      if (failure) throw failure;
      await options.flush(bytes);
    } catch (error) {
      failure ??= error instanceof Error ? error : new Error(String(error));
      for (const pending of batch) pending.reject(failure);
      return;
    }
    options.onFlush?.({ records: batch.length, bytes: bytes.length });
    for (const pending of batch) pending.resolve();
  }

  async function flushAll(): Promise<void> {
    // Let the entries queued in this turn of the event loop join the first flush.
    await new Promise((resolve) => setImmediate(resolve));
    while (queue.length > 0) await flushBatch(queue.splice(0));
    flushing = null;
  }

  return {
    enqueue(bytes: Buffer): Promise<void> {
      if (failure) return Promise.reject(failure);
      const { promise, resolve, reject } = Promise.withResolvers<void>();
      queue.push({ bytes, resolve, reject });
      flushing ??= flushAll();
      return promise;
    },
    /** Resolves once everything queued so far has been flushed (or refused). */
    drained: (): Promise<void> => flushing ?? Promise.resolve(),
  };
}
