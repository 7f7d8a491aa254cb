/**
 * How an adaptive limit of commands in flight behaves. By Little's law a command's latency is
 * the commands in flight over the throughput: once the single writer is busy, every command let
 * in beyond what keeps it busy only waits in its queue. The limit finds that point by latency.
 */
export type AdaptiveLimitOptions = {
  /** The ceiling (POCKETNET_MAX_IN_FLIGHT). */
  readonly maxLimit: number;
  /**
   * The floor: below it a writer's group commits get too small to keep its throughput, and a
   * latency that rises for other reasons (a busy machine) would only starve the node (default
   * 8, never above the ceiling).
   */
  readonly minLimit?: number;
  /** Where it starts; it learns the no-load latency from there (default: the floor). */
  readonly initialLimit?: number;
  /** How many times the no-load latency a window's average may reach (default 1.5, as Gradient2). */
  readonly tolerance?: number;
  /** Latencies per window: the limit moves once a window (default 16). */
  readonly samplesPerWindow?: number;
  /** Unloaded windows whose least average is the no-load latency (default 64). */
  readonly windowsRemembered?: number;
};

export type AdaptiveLimit = {
  /** Commands allowed in flight now. */
  current(): number;
  /** One command's latency in ms, and how many others were still in flight at its end. */
  observe(latencyMs: number, inFlight: number): void;
  /** The no-load latency learnt, in ms (Infinity before the first window). */
  noLoadMs(): number;
};

/** The defaults of the knobs `scaleOutSettings` reads from the environment. */
export const defaultMinLimit = 8;
export const defaultTolerance = 1.5;

/**
 * A latency-targeting limit after TCP Vegas and Netflix's concurrency-limits (its windowed
 * Vegas). Latencies are averaged by windows. The no-load latency is the least average of the
 * last `windowsRemembered` unloaded windows, those whose commands all ended with no more than
 * the floor in flight: only those, because a minimum taken under load ratchets up (the limit
 * grows to `tolerance` times it, latency with it, and so on); and averages, because the luckiest
 * single command of a busy node is far below what one takes there even unloaded, and held the
 * limit at its floor. When the no-load latency is stale (lower than the floor now achieves)
 * the limit falls to the floor, where it is measured afresh. At the end of each window its
 * average is compared with the no-load latency: above `tolerance` times, commands queue, and
 * the limit shrinks by that ratio (at most halving a window); within half the tolerance, with
 * the limit in use (at least half of it in flight), it grows by its square root; in between it
 * holds. O(1) per latency, a loop over the remembered windows once a window; no clock (the
 * caller measures), nothing allocated.
 */
export function createAdaptiveLimit(options: AdaptiveLimitOptions): AdaptiveLimit {
  const maxLimit = Math.max(1, Math.floor(options.maxLimit));
  const minLimit = Math.min(maxLimit, Math.max(1, options.minLimit ?? defaultMinLimit));
  const tolerance = Math.max(1, options.tolerance ?? defaultTolerance);
  const growBelow = (1 + tolerance) / 2;
  const samplesPerWindow = Math.max(1, options.samplesPerWindow ?? 16);
  const unloaded = new Float64Array(Math.max(1, options.windowsRemembered ?? 64)).fill(
    Number.POSITIVE_INFINITY,
  );
  let limit = Math.min(maxLimit, Math.max(minLimit, options.initialLimit ?? minLimit));
  let noLoad = Number.POSITIVE_INFINITY;
  let window = 0;
  let count = 0;
  let sum = 0;
  let busiest = 0;

  const endWindow = () => {
    const average = sum / count;
    if (busiest <= minLimit) {
      unloaded[window] = average;
      window = (window + 1) % unloaded.length;
      noLoad = Number.POSITIVE_INFINITY;
      for (const value of unloaded) if (value < noLoad) noLoad = value;
    }
    if (average > tolerance * noLoad) {
      limit = Math.max(minLimit, limit * Math.max(0.5, (tolerance * noLoad) / average));
    } else if (average <= growBelow * noLoad && busiest * 2 >= limit) {
      limit = Math.min(maxLimit, limit + Math.sqrt(limit));
    }
    count = 0;
    sum = 0;
    busiest = 0;
  };

  return {
    current: () => Math.floor(limit),
    observe(latencyMs, inFlight) {
      if (!(latencyMs >= 0)) return;
      count += 1;
      sum += latencyMs;
      if (inFlight > busiest) busiest = inFlight;
      if (count >= samplesPerWindow) endWindow();
    },
    noLoadMs: () => noLoad,
  };
}

/** The knobs a process sets (POCKETNET_MIN_IN_FLIGHT, POCKETNET_LATENCY_TOLERANCE). */
export type AdaptiveLimitSettings = Pick<AdaptiveLimitOptions, 'minLimit' | 'tolerance'>;

/**
 * The in-flight limit of a process: adaptive under `maxLimit` with settings, or fixed at
 * `maxLimit` without (the default, POCKETNET_ADAPTIVE_LIMIT unset), which learns nothing.
 */
export function createInFlightLimit(
  maxLimit: number,
  adaptive: AdaptiveLimitSettings | null | undefined,
): AdaptiveLimit {
  if (adaptive) return createAdaptiveLimit({ ...adaptive, maxLimit });
  return { current: () => maxLimit, observe: () => {}, noLoadMs: () => Number.NaN };
}
