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

  /** Writes a batch; resolves with the failure instead of rejecting, so nothing is left unheard. */
  async function write(batch: readonly Pending[]): Promise<Error | null> {
    try {
      if (failure) throw failure;
      await options.flush(Buffer.concat(batch.map((pending) => pending.bytes)));
      return null;
    } catch (error) {
      failure ??= error instanceof Error ? error : new Error(String(error));
      return failure;
    }
  }

  function settle(batch: readonly Pending[], outcome: Error | null): void {
    if (outcome !== null) {
      for (const pending of batch) pending.reject(outcome);
      return;
    }
    const bytes = batch.reduce((sum, pending) => sum + pending.bytes.length, 0);
    options.onFlush?.({ records: batch.length, bytes });
    for (const pending of batch) pending.resolve();
  }

  async function flushAll(): Promise<void> {
    // Let the entries queued in this turn of the event loop join the first flush.
    await new Promise((resolve) => setImmediate(resolve));
    let batch = queue.splice(0);
    let written = write(batch);
    while (batch.length > 0) {
      const outcome = await written;
      const done = batch;
      batch = queue.splice(0);
      // The next batch goes to disk before this one's writers carry on (publishing, answering
      // their requests): the disk need not wait for them.
      if (batch.length > 0) written = write(batch);
      settle(done, outcome);
    }
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
