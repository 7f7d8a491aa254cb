type Waiter = { readonly position: number; resolve(): void };

/**
 * Who waits for the local bus to reach a journal position. Positions only grow, so a release
 * looks at the waiters only once the lowest awaited position is reached.
 */
export function createPositionWaiters() {
  let reached = 0;
  let waiters: Waiter[] = [];
  let lowest = Number.POSITIVE_INFINITY;
  return {
    reached: () => reached,
    /** Resolves once `release` has been called with `position` or beyond. */
    wait(position: number): Promise<void> {
      if (position <= reached) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiters.push({ position, resolve });
        if (position < lowest) lowest = position;
      });
    },
    release(position: number): void {
      reached = position;
      if (position < lowest) return;
      const due = waiters.filter((waiter) => waiter.position <= position);
      waiters = waiters.filter((waiter) => waiter.position > position);
      lowest = waiters.reduce((low, waiter) => Math.min(low, waiter.position), Infinity);
      for (const waiter of due) waiter.resolve();
    },
  };
}

export type PositionWaiters = ReturnType<typeof createPositionWaiters>;
