/** An append waiting for the stream to be durable through `end`. */
type Waiter = { readonly end: number; resolve(): void; reject(error: Error): void };

/**
 * The appends not yet durable, in stream order: each resolves once the durable position
 * reaches the end of its bytes. A queue with a moving head, so settling a batch shifts nothing.
 */
export function createDurabilityWaiters() {
  let waiters: Waiter[] = [];
  let head = 0;
  let drained: PromiseWithResolvers<void> | null = null;

  function settled(): void {
    if (head < waiters.length) {
      if (head > 1024) {
        waiters = waiters.slice(head);
        head = 0;
      }
      return;
    }
    waiters = [];
    head = 0;
    drained?.resolve();
    drained = null;
  }

  return {
    isEmpty: () => head === waiters.length,
    /** A promise resolved once the stream is durable through `end`. */
    add(end: number): Promise<void> {
      const { promise, resolve, reject } = Promise.withResolvers<void>();
      waiters.push({ end, resolve, reject });
      return promise;
    },
    /** Resolves every append durable at `durable`; returns how many. */
    settleThrough(durable: number): number {
      const from = head;
      while (head < waiters.length && (waiters[head] as Waiter).end <= durable) {
        (waiters[head] as Waiter).resolve();
        head += 1;
      }
      const count = head - from;
      settled();
      return count;
    },
    rejectAll(error: Error): void {
      const pending = waiters.slice(head);
      head = waiters.length;
      for (const waiter of pending) waiter.reject(error);
      settled();
    },
    /** Resolves once every append made so far is settled. */
    drained(): Promise<void> {
      if (head === waiters.length) return Promise.resolve();
      drained ??= Promise.withResolvers<void>();
      return drained.promise;
    },
  };
}
