/**
 * What the stream limits do, for an operator and for the tests of the bound: the most bytes any
 * one server-push connection has had waiting for its client (each channel records it right
 * after a write), and how many clients were cut off for reading too slowly.
 */
export type StreamGauge = {
  record(bytes: number): void;
  countCutOff(): void;
  stats(): StreamStats;
};

export type StreamStats = { readonly peakBacklogBytes: number; readonly cutOffs: number };

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
