import type { UndoLog } from '@pocketnet/ledger';

/**
 * A delayed event of one actor, due at a time of the node's clock (µs since the epoch, as a
 * number: exact until the year 2255). Cancelled timers stay in the heap until they surface.
 */
export type ActorTimer<TOwner> = {
  readonly owner: TOwner;
  readonly id: string;
  readonly event: { readonly type: string };
  readonly dueMicros: number;
  /** Ties break in scheduling order, so replay fires timers due together in the same order. */
  readonly sequence: number;
  cancelled: boolean;
};

/**
 * A min-heap of timers by due time; the actors' timers on the node's clock. Timers cancelled
 * through `cancel` are counted, and once they are most of the heap it is rebuilt without them
 * (a renewed preapproval leaves its old expiry behind, due a month later).
 *
 * A rollback puts back what each change took: a taken timer returns to the heap (its order,
 * due time then sequence, is total, so it surfaces where it did), a scheduled one is cancelled,
 * a cancelled one lives again, a rebuilt heap is the one before.
 */
export function createTimerQueue<TOwner>(undo: UndoLog) {
  let heap: ActorTimer<TOwner>[] = [];
  const counts = { sequence: 0, cancelledInHeap: 0 };
  const before = (left: ActorTimer<TOwner>, right: ActorTimer<TOwner>) =>
    left.dueMicros < right.dueMicros ||
    (left.dueMicros === right.dueMicros && left.sequence < right.sequence);
  const swap = (left: number, right: number) => {
    const held = heap[left] as ActorTimer<TOwner>;
    heap[left] = heap[right] as ActorTimer<TOwner>;
    heap[right] = held;
  };
  const siftUp = (start: number) => {
    let index = start;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!before(heap[index] as ActorTimer<TOwner>, heap[parent] as ActorTimer<TOwner>)) return;
      swap(index, parent);
      index = parent;
    }
  };
  const siftDown = (start: number) => {
    let index = start;
    for (;;) {
      const [left, right] = [2 * index + 1, 2 * index + 2];
      let smallest = index;
      const at = (position: number) => heap[position] as ActorTimer<TOwner>;
      if (left < heap.length && before(at(left), at(smallest))) smallest = left;
      if (right < heap.length && before(at(right), at(smallest))) smallest = right;
      if (smallest === index) return;
      swap(index, smallest);
      index = smallest;
    }
  };
  const insert = (timer: ActorTimer<TOwner>) => {
    heap.push(timer);
    siftUp(heap.length - 1);
  };
  const pop = () => {
    const top = heap[0];
    if (top !== undefined && undo.recording) undo.record(() => insert(top));
    const last = heap.pop();
    if (heap.length > 0 && last !== undefined) {
      heap[0] = last;
      siftDown(0);
    }
    return top;
  };
  const dropCancelled = () => {
    while (heap.length > 0 && heap[0]?.cancelled) {
      pop();
      if (counts.cancelledInHeap > 0)
        undo.assign(counts, 'cancelledInHeap', counts.cancelledInHeap - 1);
    }
  };
  /** Without the cancelled timers; the order of the rest (due time, then sequence) is total. */
  const rebuild = () => {
    const before = heap;
    // The array before stays as it was: later changes go to the new one.
    undo.record(() => {
      heap = before;
    });
    heap = heap.filter((timer) => !timer.cancelled);
    for (let index = (heap.length >> 1) - 1; index >= 0; index--) siftDown(index);
    undo.assign(counts, 'cancelledInHeap', 0);
  };
  return {
    schedule(owner: TOwner, id: string, event: { type: string }, dueMicros: number) {
      const sequence = counts.sequence + 1;
      undo.assign(counts, 'sequence', sequence);
      const timer: ActorTimer<TOwner> = { owner, id, event, dueMicros, sequence, cancelled: false };
      if (undo.recording) {
        undo.record(() => {
          // Leaves the heap as a cancelled timer does, without counting as one.
          timer.cancelled = true;
        });
      }
      insert(timer);
      return timer;
    },
    /** Cancels a timer of this queue (once); it leaves the heap when it surfaces or sooner. */
    cancel(timer: ActorTimer<TOwner>) {
      if (timer.cancelled) return;
      undo.assign(timer, 'cancelled', true);
      undo.assign(counts, 'cancelledInHeap', counts.cancelledInHeap + 1);
      const { cancelledInHeap } = counts;
      if (cancelledInHeap > 1024 && cancelledInHeap * 2 > heap.length) rebuild();
    },
    /** When the earliest live timer falls due, or null when none is pending. */
    nextDueMicros(): number | null {
      dropCancelled();
      return heap[0]?.dueMicros ?? null;
    },
    /** Takes the earliest live timer if it is due at `untilMicros`. */
    takeDue(untilMicros: number): ActorTimer<TOwner> | null {
      dropCancelled();
      const top = heap[0];
      if (top === undefined || top.dueMicros > untilMicros) return null;
      pop();
      return top;
    },
    /** The sequence the last timer scheduled got (a state section saves it). */
    lastSequence: (): number => counts.sequence,
    /**
     * Puts back the pending timers a state section saved (issue 23), each with its own
     * sequence, and has later timers go on after `lastSequence`, so that ties break as they
     * did. Nothing records: a restore runs before the node keeps any mark.
     */
    restore(
      saved: readonly Omit<ActorTimer<TOwner>, 'cancelled'>[],
      lastSequence: number,
    ): ActorTimer<TOwner>[] {
      counts.sequence = lastSequence;
      return saved.map((timer) => {
        const restored: ActorTimer<TOwner> = { ...timer, cancelled: false };
        insert(restored);
        return restored;
      });
    },
    get size() {
      return heap.length;
    },
  };
}

export type TimerQueue<TOwner> = ReturnType<typeof createTimerQueue<TOwner>>;
