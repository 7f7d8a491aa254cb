import { Worker } from 'node:worker_threads';
import { createDurabilityWaiters } from './durability-waiters.ts';
import { fillFrameBytes, type JournalFill } from './journal-fill.ts';
import { createSharedRing } from './journal-ring.ts';
import type { JournalWorkerData, WriterReport } from './journal-worker.ts';
import { createRingProducer } from './ring-producer.ts';
import { segmentPath } from './segment-paths.ts';
import type { SegmentExtent, SegmentStart } from './segment-writer.ts';

export type FlushStats = { readonly records: number; readonly bytes: number };

/** The engine's handle on the journal's writer thread. */
export type WriterThread = {
  /** Hands a record's JSON (`recordJson`) to the writer; resolves once it is on disk. */
  append(json: string): Promise<void>;
  /** Every segment with its durable size, oldest first: what a replay may read. */
  extents(): SegmentExtent[];
  /** How many bytes of frames were handed over since the start, durable or not yet. */
  appendedBytes(): number;
  /** Resolves once the fill the thread started with is durable (at once without one). */
  filled(): Promise<void>;
  /** Waits for every append, then stops the writer (which trims and syncs its segment). */
  close(): Promise<void>;
};

export type WriterThreadOptions = {
  readonly dir: string;
  /** The newest segment, torn tail cut, to carry on; null for an empty journal. */
  readonly start: SegmentStart | null;
  /** The segments before it, with their sizes. */
  readonly sealed: readonly SegmentExtent[];
  readonly segmentBytes: number;
  readonly onFlush: ((stats: FlushStats) => void) | undefined;
  readonly ringBytes: number | undefined;
  /** Records to write first, framed on the thread (a state file's). */
  readonly fill?: JournalFill | undefined;
};

const workerUrl = new URL('./journal-worker.ts', import.meta.url);

/** The segments and their durable sizes, as the writer reports rollovers and writes. */
function createExtents(options: WriterThreadOptions) {
  const sealed = [...options.sealed];
  // The current segment: its path, and its size when the stream was at `base`.
  let current = {
    path: options.start?.path ?? segmentPath(options.dir, 1),
    base: 0,
    size: options.start?.size ?? 0,
  };
  return {
    rolled(report: { sealed: SegmentExtent; next: string }, durable: number): void {
      sealed.push(report.sealed);
      current = { path: report.next, base: durable, size: 0 };
    },
    list: (durable: number): SegmentExtent[] => [
      ...sealed,
      { path: current.path, size: current.size + durable - current.base },
    ],
  };
}

/**
 * Starts the writer thread over the segment files. Records cross to it through a shared ring
 * (see ring-producer.ts); each durable position it reports resolves the appends it covers, in
 * order. After a failed write the state on disk is unknown: every later append is refused, as
 * it is when the thread cannot open its segment.
 */
export function startWriterThread(options: WriterThreadOptions): WriterThread {
  const ring = createSharedRing(options.ringBytes);
  const producer = createRingProducer(ring);
  const { dir, start, segmentBytes } = options;
  const fill = options.fill ?? null;
  const data: JournalWorkerData = { dir, start, segmentBytes, ring, fill };
  const worker = new Worker(workerUrl, { workerData: data });
  const waiters = createDurabilityWaiters();
  const extents = createExtents(options);
  const closed = Promise.withResolvers<void>();
  // The fill's frames are the stream's first bytes: the ring's positions count after them.
  const fillBytes = fill ? fillFrameBytes(fill) : 0;
  const filled = fill ? waiters.add(fillBytes) : Promise.resolve();
  // Awaited by `filled`; a failure meanwhile is not an unhandled rejection.
  filled.catch(() => {});
  let appended = fillBytes;
  let durable = 0;
  let failure: Error | null = null;
  let releaseScheduled = false;
  let closing = false;

  function fail(error: Error): void {
    failure ??= error;
    waiters.rejectAll(failure);
    closed.resolve();
  }

  function onDurable(position: number): void {
    const bytes = (position - durable) >>> 0;
    durable += bytes;
    const records = waiters.settleThrough(durable);
    // Idle, the writer need not keep the process alive; closing, it must, until it is done.
    if (waiters.isEmpty() && !closing) worker.unref();
    if (records > 0) options.onFlush?.({ records, bytes });
    producer.taken(Math.max(0, durable - fillBytes));
  }

  function release(): void {
    releaseScheduled = false;
    producer.release();
  }

  worker.on('message', (report: WriterReport) => {
    if (typeof report === 'number') onDurable(report);
    else if (report.kind === 'rolled') extents.rolled(report, durable);
    else if (report.kind === 'failed') {
      fail(Object.assign(new Error(report.message), { code: report.code }));
    } else closed.resolve();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the journal writer thread exited (${code})`)));
  // Not waited for: the thread starts while the engine replays the journal. Idle, it need
  // not keep the process alive.
  if (!fill) worker.unref();

  return {
    append(json) {
      if (failure) return Promise.reject(failure);
      appended += producer.push(json);
      if (waiters.isEmpty()) worker.ref();
      const durableThere = waiters.add(appended);
      // Everything appended in this turn of the event loop goes to the writer together.
      if (!releaseScheduled) {
        releaseScheduled = true;
        setImmediate(release);
      }
      return durableThere;
    },
    extents: () => extents.list(durable),
    appendedBytes: () => appended,
    filled: () => filled,
    async close() {
      await waiters.drained();
      closing = true;
      worker.ref();
      producer.close();
      await closed.promise;
      await worker.terminate();
    },
  };
}
