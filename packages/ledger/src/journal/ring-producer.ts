import { frameJson, writeFrameInto } from './frame-format.ts';
import { type SharedRing, slot } from './journal-ring.ts';

type Queued = { readonly frame: Uint8Array; from: number };

/**
 * The engine's side of the ring: frames go in as records are appended, straight into the ring
 * when they fit; frames that do not (the ring is full, or a frame is larger than all of it)
 * wait in a backlog, in order, and go in as the writer frees space. `release` lets the writer
 * take everything copied so far, waking it if it sleeps. One producer only.
 */
export function createRingProducer(ring: SharedRing) {
  const bytes = new Uint8Array(ring.data);
  const view = Buffer.from(ring.data);
  const control = new Int32Array(ring.control);
  const mask = bytes.length - 1;
  // A queue with a moving head: a burst of appends (a state file's records) can queue a hundred
  // thousand frames, and shifting each out of the array would move all the others every time.
  let backlog: Queued[] = [];
  let head = 0;
  let copied = 0;
  let frameEnd = 0;
  /** How far the writer has taken (and written) the stream: the ring before it is free. */
  let taken = 0;

  const room = () => bytes.length - (copied - taken);

  function copy(queued: Queued): void {
    const { frame, from } = queued;
    const count = Math.min(frame.length - from, room());
    if (count <= 0) return;
    const at = copied & mask;
    const first = Math.min(count, bytes.length - at);
    bytes.set(frame.subarray(from, from + first), at);
    if (first < count) bytes.set(frame.subarray(from + first, from + count), 0);
    copied += count;
    queued.from += count;
    if (queued.from === frame.length) frameEnd = copied;
  }

  const queued = () => backlog.length - head;

  function fill(): void {
    while (queued() > 0) {
      const next = backlog[head] as Queued;
      copy(next);
      if (next.from < next.frame.length) break;
      head += 1;
    }
    if (queued() === 0) {
      backlog = [];
      head = 0;
    } else if (head > 1024 && head * 2 > backlog.length) {
      backlog = backlog.slice(head);
      head = 0;
    }
  }

  function wake(): void {
    Atomics.add(control, slot.signal, 1);
    Atomics.notify(control, slot.signal);
  }

  function release(): void {
    Atomics.store(control, slot.frameEnd, frameEnd | 0);
    Atomics.store(control, slot.published, copied | 0);
    if (Atomics.load(control, slot.sleeping) === 1) wake();
  }

  return {
    /** Puts the frame of a record's JSON (`recordJson`) in; returns its length in bytes. */
    push(json: string): number {
      if (queued() === 0) {
        const at = copied & mask;
        const written = writeFrameInto(view, at, Math.min(room(), bytes.length - at), json);
        if (written > 0) {
          copied += written;
          frameEnd = copied;
          return written;
        }
      }
      const frame = frameJson(json);
      backlog.push({ frame, from: 0 });
      fill();
      return frame.length;
    },
    /** The writer has taken the stream through `position`: its space is free again. */
    taken(position: number): void {
      taken = position;
      if (queued() > 0) {
        fill();
        release();
      }
    },
    /** Lets the writer take everything copied so far. */
    release,
    /** Tells the writer to finish what it was released and stop. */
    close(): void {
      Atomics.store(control, slot.closing, 1);
      wake();
    },
  };
}
