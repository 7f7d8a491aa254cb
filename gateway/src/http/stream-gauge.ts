import type { BudgetStats } from './stream-budget.ts';

/**
 * What the stream limits do, for an operator and for the tests of the bound: the most bytes any
 * one server-push connection has had waiting for its client (each channel records it right
 * after a write), and how many clients were cut off for reading too slowly.
 */
export type StreamGauge = {
  record(bytes: number): void;
  countCutOff(): void;
  stats(): BacklogStats;
};

export type BacklogStats = { readonly peakBacklogBytes: number; readonly cutOffs: number };

/** Each connection's bound (the gauge) and the process-wide one (stream-budget.ts) together. */
export type StreamStats = BacklogStats & BudgetStats;

export function createStreamGauge(): StreamGauge {
  let peak = 0;
  let cutOffs = 0;
  return {
    record(bytes) {
      if (bytes > peak) peak = bytes;
    },
    countCutOff() {
      cutOffs += 1;
    },
    stats: () => ({ peakBacklogBytes: peak, cutOffs }),
  };
}
