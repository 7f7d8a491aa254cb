import { createUndoLog, historyOf, saveSections, type TransactionRecord } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createExternalHashes } from './external-hashes.ts';

const transaction = (offset: number): TransactionRecord => ({
  type: 'transaction',
  offset,
  updateId: `update-${offset}`,
  synchronizerId: 'sync::1',
  effectiveAt: '2026-01-01T00:00:00.000000Z',
  recordTime: '2026-01-01T00:00:00.000000Z',
  workflowId: '',
  submission: null,
  nodes: [],
  rootNodeIds: [],
});

describe('the externally signed transactions by hash', () => {
  const log = new Map([3, 5].map((offset) => [offset, transaction(offset)]));
  const hashesOver = (undo = createUndoLog()) =>
    createExternalHashes({ undo, recordAt: (offset) => log.get(offset) });

  it('finds a transaction by its hash in any case, restored from its section too', () => {
    const undo = createUndoLog();
    const hashes = hashesOver(undo);
    hashes.add('ABC123', transaction(3));
    hashes.add('def456', transaction(5));
    const saved = saveSections(undo);
    expect(saved['scan.history.external-hashes']).toEqual([
      ['abc123', 3],
      ['def456', 5],
    ]);
    const restoredUndo = createUndoLog();
    const restored = hashesOver(restoredUndo);
    restoredUndo
      .sections()
      .get('scan.history.external-hashes')
      ?.restore(saved['scan.history.external-hashes'], historyOf([]));
    expect(saveSections(restoredUndo)).toEqual(saved);
    expect(restored.get('abc123')).toEqual(transaction(3));
    expect(restored.get('DEF456')).toEqual(transaction(5));
    expect(restored.get('0000')).toBeUndefined();
  });
});
