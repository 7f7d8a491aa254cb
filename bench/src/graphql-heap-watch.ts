import { constants, PerformanceObserver } from 'node:perf_hooks';
import { GCProfiler } from 'node:v8';

// Memory of the serving process in the GraphQL subscription benchmark: the V8 heap plus the
// memory outside it that V8 is told of (Buffers: a socket's unsent frames may be either). It is
// read after a forced full collection at chosen moments; during a run, as it is every 250 ms
// (garbage included), and as each full collection V8 makes on its own leaves it (what is
// alive), with the transfers committed by then, so that the ledger's own growth can be taken
// out afterwards.

/** Heap used plus external memory, in bytes. */
export function memoryNow(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

/** The same after a full collection when `--expose-gc` is on. */
export function collectedMemory(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return memoryNow();
}

export const canCollect = () => typeof (globalThis as { gc?: unknown }).gc === 'function';

/** Memory as a full collection left it, and the transfers committed about then. */
export type LiveSample = { readonly bytes: number; readonly committed: number };

export type MemoryWatch = {
  /** The most memory seen, garbage included, and what every full collection left. */
  stop(): { peak: number; live: LiveSample[] };
};

type GCStatistics = {
  readonly gcType: string;
  readonly afterGC: { readonly heapStatistics: { usedHeapSize: number; externalMemory: number } };
};

const isFull = (entry: PerformanceEntry) =>
  (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ===
  constants.NODE_PERFORMANCE_GC_MAJOR;

/**
 * V8's GC profiler gives the heap right after each collection, but not when it was; the gc
 * performance entries, told a little later, give the same collections in the same order, and
 * the committed count read then is close enough (a second late is 500 transfers, under 1 MiB).
 */
export function watchMemory(committed: () => number): MemoryWatch {
  let peak = memoryNow();
  const committedAtFull: number[] = [];
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryNow());
  }, 250);
  const noteFull = (entries: readonly PerformanceEntry[]) => {
    for (const entry of entries) if (isFull(entry)) committedAtFull.push(committed());
  };
  const observer = new PerformanceObserver((list) => noteFull(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const profiler = new GCProfiler();
  profiler.start();
  return {
    stop() {
      const statistics = (profiler.stop()?.statistics ?? []) as GCStatistics[];
      noteFull(observer.takeRecords());
      observer.disconnect();
      clearInterval(sampler);
      const full = statistics.filter((entry) => entry.gcType === 'MarkSweepCompact');
      const live = full.map(({ afterGC: { heapStatistics: heap } }, index) => ({
        bytes: heap.usedHeapSize + heap.externalMemory,
        committed: committedAtFull[index] ?? committed(),
      }));
      return { peak: Math.max(peak, memoryNow()), live };
    },
  };
}

/**
 * The most that subscriptions held beyond the ledger during a run: each live sample, less the
 * memory at the start and the ledger's growth for what was committed by then.
 */
export function peakHeldBeyondLedger(
  live: readonly LiveSample[],
  start: number,
  ledgerBytesPerTransaction: number,
): number {
  let peak = 0;
  for (const sample of live) {
    peak = Math.max(peak, sample.bytes - start - ledgerBytesPerTransaction * sample.committed);
  }
  return peak;
}
