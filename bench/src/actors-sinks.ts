import type { JournalRecord, SimulatedClock, TransactionNode } from '@pocketnet/ledger';
import {
  createActorRuntime,
  createUpdateBus,
  type PocketnetNode,
  unrestrictedCaller,
} from '@pocketnet/runtime';

/** Where the benchmark publishes: the actor registry, or the baseline's plain callbacks. */
export type RoutingSink = {
  publish(record: JournalRecord): void;
  /** Fails unless the sink did its work: every workflow live, merges counted. */
  verify(workflows: number): void;
  /** The actor runtime's steps by transition plans and by XState (the baseline has none). */
  stepCounts?(): { planned: number; xstate: number };
  close(): void;
};

/** The node's actor runtime on a bus of its own. */
export function createActorSink(
  node: Pick<PocketnetNode, 'participant' | 'undo'>,
  clock: SimulatedClock,
): RoutingSink {
  const bus = createUpdateBus();
  const actors = createActorRuntime({
    onError: (error) => console.error('actor failed', error),
    records$: bus.records$,
    clock,
    participant: node.participant,
    undo: node.undo,
  });
  return {
    publish: bus.publish,
    verify(workflows) {
      if (actors.liveCount() !== workflows) {
        throw new Error(`${actors.liveCount()} live actors, expected ${workflows}`);
      }
      const [delegation] = actors.list(unrestrictedCaller, { machine: 'merge-delegation' });
      const detail = delegation && actors.get(unrestrictedCaller, delegation.id);
      if (!((detail?.context as { merges?: number } | undefined)?.merges ?? 0)) {
        throw new Error('the merge delegations did not merge');
      }
    },
    stepCounts: () => actors.stepCounts(),
    close() {
      actors.stop();
      bus.complete();
    },
  };
}

/**
 * The baseline: the same bus (a bare RxJS Subject) whose one subscriber routes each node by
 * contract id to a plain callback per workflow, registered at the workflow's first contract; a
 * consuming renewal hands the callback on to the renewed contract, as the actor's does.
 */
export function createCallbackSink(): RoutingSink {
  const bus = createUpdateBus();
  const callbacks = new Map<string, (node: TransactionNode) => void>();
  let handled = 0;
  const callbackFor = () => {
    const state = { steps: 0, last: '' };
    const callback = (node: TransactionNode) => {
      state.steps += 1;
      handled += 1;
      if (node.kind !== 'exercised') return;
      state.last = node.choice;
      const next = (node.exerciseResult as { transferPreapprovalCid?: string } | null)
        ?.transferPreapprovalCid;
      if (node.consuming && next !== undefined) callbacks.set(next, callback);
    };
    return callback;
  };
  const subscription = bus.records$.subscribe((record) => {
    if (record.type !== 'transaction') return;
    for (const node of record.nodes) {
      const callback = callbacks.get(node.contractId);
      if (callback !== undefined) callback(node);
      else if (node.kind === 'created') callbacks.set(node.contractId, callbackFor());
    }
  });
  return {
    publish: bus.publish,
    verify(workflows) {
      if (callbacks.size < workflows || handled === 0) throw new Error('the callbacks did nothing');
    },
    close() {
      subscription.unsubscribe();
      bus.complete();
    },
  };
}
