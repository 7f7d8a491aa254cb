import type { Observable } from 'rxjs';

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
  /** Every job's moves from now on, on every queue the view shows (hot: no replay). */
  readonly jobEvents$: Observable<AutomationJobEvent>;
};

export type AutomationJobEventState = 'waiting' | 'active' | 'progress' | 'completed' | 'failed';

/** One move of one job, as the runner reported it. */
export type AutomationJobEvent = {
  readonly queue: string;
  readonly jobId: string;
  readonly name: string;
  readonly state: AutomationJobEventState;
  /** On `progress`: a percentage or named counters. */
  readonly progress?: number | Readonly<Record<string, number>>;
  /** On `completed`: what the processor reported. */
  readonly outcome?: 'done' | 'noop' | 'stale';
  /** On `failed`: why it failed for good. */
  readonly failedReason?: string;
  /** When the view saw it (ISO 8601). */
  readonly at: string;
};
