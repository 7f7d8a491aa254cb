import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { type JournalFill, writeFill } from './journal-fill.ts';
import { createRingConsumer, type SharedRing } from './journal-ring.ts';
import { openSegmentWriter, type SegmentExtent, type SegmentStart } from './segment-writer.ts';

// The journal's writer thread. It owns the segment files: it takes whatever the engine's
// thread has published to the ring, writes it in one synced write (so everything published
// while a write was under way shares the next one: group commit), and reports how far the
// stream is durable. Between writes it zero-fills space ahead of the data.

export type JournalWorkerData = {
  readonly dir: string;
  readonly start: SegmentStart | null;
  readonly segmentBytes: number;
  readonly ring: SharedRing;
  /** A state file's records, written before anything the ring brings (issue 23). */
  readonly fill: JournalFill | null;
};

/**
 * What the writer reports, in order. A bare number is the hot one: the low 32 bits (unsigned)
 * of the stream position that is now durable.
 */
export type WriterReport =
  | number
  | { readonly kind: 'rolled'; readonly sealed: SegmentExtent; readonly next: string }
  | { readonly kind: 'failed'; readonly message: string; readonly code: string | undefined }
  | { readonly kind: 'closed' };

function run(port: MessagePort, data: JournalWorkerData): void {
  const writer = openSegmentWriter({ ...data, bulk: data.fill !== null });
  const report = (message: WriterReport) => port.postMessage(message);
  const ring = createRingConsumer(data.ring);
  // The stream's first bytes are the fill's frames; the ring's come after them. They are durable
  // at each segment's seal and at the end, not chunk by chunk.
  let filled = 0;
  let reported = 0;
  if (data.fill) {
    writeFill(data.fill, (chunk) => {
      writer.write([chunk]);
      filled += chunk.length;
      const rolled = writer.rollIfFull();
      if (rolled) {
        report(filled >>> 0);
        reported = filled;
        report({ kind: 'rolled', ...rolled });
      }
    });
  }
  writer.endBulk();
  if (data.fill && filled > reported) report(filled >>> 0);
  for (;;) {
    const available = ring.available();
    if (available > 0) {
      writer.write(ring.slices(available));
      const durable = (filled + ring.advance(available)) >>> 0;
      // Read before the report: the answer to it may bring more frames at once.
      const atFrameEnd = ring.atFrameEnd();
      report(durable);
      const rolled = atFrameEnd ? writer.rollIfFull() : null;
      if (rolled) report({ kind: 'rolled', ...rolled });
    } else if (ring.closing()) {
      break;
    } else if (!writer.preallocate()) {
      ring.sleep();
    }
  }
  writer.close();
  report({ kind: 'closed' });
}

if (parentPort) {
  try {
    run(parentPort, workerData as JournalWorkerData);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    const { code } = failure as NodeJS.ErrnoException;
    parentPort.postMessage({ kind: 'failed', message: failure.message, code } as WriterReport);
  }
}
