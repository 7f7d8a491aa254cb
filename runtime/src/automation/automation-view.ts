/** Jobs of one queue per state. */
export type AutomationQueueCounts = {
  readonly waiting: number;
  readonly delayed: number;
  readonly active: number;
  readonly completed: number;
  readonly failed: number;
};

export type AutomationFailure = {
  readonly jobId: string;
  readonly name: string;
  readonly reason: string;
  readonly attemptsMade: number;
};

export type AutomationProgress = {
  readonly jobId: string;
  readonly name: string;
  /** A percentage, or named counters (a merge: holdings merged of total). */
  readonly progress: number | Readonly<Record<string, number>> | null;
};

export type AutomationQueueView = {
  readonly name: string;
  readonly counts: AutomationQueueCounts;
  /** The latest failures, newest first, with their reasons. */
  readonly failures: readonly AutomationFailure[];
  /** The jobs running now and how far they got. */
  readonly inProgress: readonly AutomationProgress[];
};

/**
 * What the automations show of themselves (`/api/automations/v0/queues`): defined here so the
 * gateway can serve it without importing the automations, which the CLI hands it.
 */
export type AutomationView = {
  readonly mode: 'bullmq' | 'in-process';
  queues(): Promise<readonly AutomationQueueView[]>;
};
