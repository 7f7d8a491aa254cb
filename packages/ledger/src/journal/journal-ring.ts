/**
 * The byte stream from the engine's thread to the journal's writer thread: a ring buffer in
 * shared memory. Positions count bytes since the journal was opened; the shared cells hold
 * their low 32 bits, compared by unsigned difference (the ring is far smaller than 2^32).
 */
export type SharedRing = { readonly data: SharedArrayBuffer; readonly control: SharedArrayBuffer };

/** A power of two, so that a 32-bit position modulo the size is a mask. */
const defaultRingBytes = 4 * 1024 * 1024;

export const slot = {
  /** End of the bytes the producer has released to the writer (producer writes). */
  published: 0,
  /** End of the last whole frame copied in: the writer may start a segment only there. */
  frameEnd: 1,
  /** 1 while the writer sleeps, or is about to, waiting for `published` to move. */
  sleeping: 2,
  /** 1 once the producer is done: the writer drains the ring, closes and exits. */
  closing: 3,
  /** Bumped by the producer to wake a sleeping writer (after publishing, or closing). */
  signal: 4,
} as const;

export function createSharedRing(bytes: number = defaultRingBytes): SharedRing {
  // 32-bit positions wrap at a multiple of any power of two up to 2^30.
  if (!Number.isInteger(bytes) || bytes < 16 || bytes > 2 ** 30 || (bytes & (bytes - 1)) !== 0) {
    throw new RangeError(`the ring size must be a power of two from 16 to 2^30, not ${bytes}`);
  }
  return {
    data: new SharedArrayBuffer(bytes),
    control: new SharedArrayBuffer(5 * Int32Array.BYTES_PER_ELEMENT),
  };
}

/** The writer thread's side: takes what is published, in order. */
export function createRingConsumer(ring: SharedRing) {
  const bytes = new Uint8Array(ring.data);
  const control = new Int32Array(ring.control);
  const mask = bytes.length - 1;
  let consumed = 0;
  const available = () => (Atomics.load(control, slot.published) - consumed) >>> 0;
  return {
    available,
    /** The next `count` bytes, as one or two slices of the ring (no copy). */
    slices(count: number): Uint8Array[] {
      const at = consumed & mask;
      const first = Math.min(count, bytes.length - at);
      const head = bytes.subarray(at, at + first);
      return first < count ? [head, bytes.subarray(0, count - first)] : [head];
    },
    /** Marks `count` bytes as taken; returns the new position's low 32 bits (unsigned). */
    advance(count: number): number {
      consumed = (consumed + count) >>> 0;
      return consumed;
    },
    /** Whether everything taken so far ends with a whole frame. */
    atFrameEnd: () => Atomics.load(control, slot.frameEnd) >>> 0 === consumed,
    closing: () => Atomics.load(control, slot.closing) === 1,
    /** Blocks until the producer publishes more bytes or closes. */
    sleep(): void {
      const signal = Atomics.load(control, slot.signal);
      Atomics.store(control, slot.sleeping, 1);
      if (available() === 0 && Atomics.load(control, slot.closing) === 0) {
        Atomics.wait(control, slot.signal, signal);
      }
      Atomics.store(control, slot.sleeping, 0);
    },
  };
}
