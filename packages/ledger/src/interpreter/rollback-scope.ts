import type { Frame, TransactionState } from './transaction-state.ts';

export type RollbackScope = {
  /** Undoes every action taken since the scope began. */
  rollback(): void;
};

function dropAfter<TKey>(entries: Map<TKey, unknown> | Set<TKey>, size: number): void {
  // Maps and sets iterate in insertion order, and an action only ever adds new entries to
  // `created` and `consumed`: what came after the scope began is the tail.
  const added = [...entries.keys()].slice(size);
  for (const key of added) entries.delete(key);
}

/**
 * Daml's `try`: the actions of a try block whose exception is caught are rolled back. They
 * leave no trace: Canton keeps rolled-back nodes in its internal transaction, but the Ledger
 * API shows none of them, nor their creates and archives.
 */
export function beginRollbackScope(state: TransactionState, frame: Frame): RollbackScope {
  const nodes = state.nodes.length;
  const children = frame.children.length;
  const created = state.created.size;
  const consumed = state.consumed.size;
  const keys = new Map(state.keys);
  return {
    rollback() {
      state.nodes.length = nodes;
      frame.children.length = children;
      dropAfter(state.created, created);
      dropAfter(state.consumed, consumed);
      state.keys.clear();
      for (const [slot, holder] of keys) state.keys.set(slot, holder);
    },
  };
}
