/**
 * One client's share of the budget, as its stream tells it. Reports are cheap (a sum kept up
 * to date); only a total over the budget makes the budget look at every client.
 */
export type HeldBytes = {
  /** What the client holds now: right after a write, a take, a drain. */
  report(bytes: number): void;
  /** The client has gone (or was cut off): nothing is held for it any more. */
  close(): void;
};

/** A client as the budget sees it. */
export type BudgetedClient = {
  /**
   * What it holds, read afresh. A report can be stale on the high side (a socket writes out
   * without telling), so the budget reads every client before it cuts one off.
   */
  readonly held: () => number;
  /** Cuts the client off the way its kind is cut off for a stall, freeing what it holds. */
  readonly cutOff: () => void;
  /**
   * An account that stands for several clients (subscribers sharing results): cutting it off
   * drops the one furthest behind, and it is counted on with what the others hold.
   */
  readonly several?: boolean;
};

export type BudgetStats = {
  /** What all clients hold now. */
  readonly heldBytes: number;
  /** The most all clients together were seen to hold, right before any cut-off. */
  readonly peakHeldBytes: number;
  /** How many clients were cut off because the total went over the budget. */
  readonly budgetCutOffs: number;
};

export type StreamBudget = {
  open(client: BudgetedClient): HeldBytes;
  stats(): BudgetStats;
};

type Account = BudgetedClient & { bytes: number; counted: boolean };

/**
 * The process-wide bound on the bytes held for slow clients of every kind of stream (Ledger API
 * WebSockets, server-sent events, graphql-ws subscribers). Whenever the total goes over
 * `totalHighWaterMark`, the client holding the most is cut off, then the next, until the total
 * is under it again; a client that keeps up holds next to nothing and is never the one cut.
 */
export function createStreamBudget(totalHighWaterMark: number): StreamBudget {
  const accounts = new Set<Account>();
  let total = 0;
  let peak = 0;
  let cutOffs = 0;
  let enforcing = false;
  const remove = (account: Account) => {
    if (!account.counted) return;
    account.counted = false;
    accounts.delete(account);
    total -= account.bytes;
  };
  const refresh = () => {
    total = 0;
    for (const account of accounts) {
      account.bytes = account.held();
      total += account.bytes;
    }
  };
  const largest = () => {
    let found: Account | undefined;
    for (const account of accounts) {
      if (found === undefined || account.bytes > found.bytes) found = account;
    }
    return found;
  };
  // Cutting a client off may write to it (an error message) and so report again: the loop
  // below sees those reports in `total` and does not start over.
  const enforce = () => {
    enforcing = true;
    try {
      refresh();
      if (total > peak) peak = total;
      while (total > totalHighWaterMark) {
        const worst = largest();
        if (worst === undefined) break;
        cutOffs += 1;
        if (worst.several !== true) {
          remove(worst);
          worst.cutOff();
          continue;
        }
        // Several clients in one account: those furthest behind go, and what the others hold
        // stays counted (their reports meanwhile are seen in `total`).
        const before = worst.bytes;
        worst.cutOff();
        if (!worst.counted) continue;
        const after = worst.held();
        total += after - worst.bytes;
        worst.bytes = after;
        // One that freed nothing would be picked again and again.
        if (after >= before) remove(worst);
      }
    } finally {
      enforcing = false;
    }
  };
  return {
    open(client) {
      const account: Account = { ...client, bytes: 0, counted: true };
      accounts.add(account);
      return {
        report(bytes) {
          if (!account.counted) return;
          total += bytes - account.bytes;
          account.bytes = bytes;
          if (total <= totalHighWaterMark) {
            if (total > peak) peak = total;
          } else if (!enforcing) enforce();
        },
        close: () => remove(account),
      };
    },
    stats() {
      if (!enforcing) refresh();
      return { heldBytes: total, peakHeldBytes: peak, budgetCutOffs: cutOffs };
    },
  };
}
