import { describe, expect, test } from 'vitest';
import type { ActiveContract } from '../contract.ts';
import type { CreatedNode, TransactionRecord } from '../transaction.ts';
import { createUndoLog } from '../undo/undo-log.ts';
import { canonicalJson } from './canonical-json.ts';
import { applyTransaction, createContractStore } from './contract-store.ts';

function recordCreating(offset: number, ...nodes: CreatedNode[]): TransactionRecord {
  return {
    type: 'transaction',
    offset,
    updateId: `u${offset}`,
    synchronizerId: 's',
    effectiveAt: '2026-01-01T00:00:00.000000Z',
    recordTime: '2026-01-01T00:00:00.000000Z',
    workflowId: '',
    submission: null,
    nodes,
    rootNodeIds: nodes.map((node) => node.nodeId),
  };
}

/** Adds `contract` as created by the transaction at `offset`. */
function addContract(
  store: ReturnType<typeof createContractStore>,
  offset: number,
  contract: CreatedNode,
): void {
  store.add(recordCreating(offset, contract), contract.contractId);
}

function contract(contractId: string, key: ActiveContract['contractKey']): CreatedNode {
  return {
    kind: 'created',
    nodeId: 0,
    witnesses: ['alice'],
    contractId,
    templateId: 'pkg:Main:Account',
    packageName: 'main',
    createArgument: { owner: 'alice' },
    contractKey: key,
    signatories: ['alice'],
    observers: [],
    createdAt: '2026-01-01T00:00:00.000000Z',
  };
}

describe('contract store', () => {
  test('finds a contract by id and by key, whatever order the key fields were built in', () => {
    const store = createContractStore();
    addContract(store, 1, contract('c1', { owner: 'alice', id: '1' }));
    expect(store.lookup('c1')?.contractId).toBe('c1');
    expect(store.lookupByKey('pkg:Main:Account', { id: '1', owner: 'alice' })?.contractId).toBe(
      'c1',
    );
    expect(store.lookupByKey('pkg:Main:Other', { id: '1', owner: 'alice' })).toBeUndefined();
    expect(store.lookupByKey('pkg:Main:Account', { id: '2', owner: 'alice' })).toBeUndefined();
  });

  test('archiving removes the contract and its key, but not a newer holder of the key', () => {
    const store = createContractStore();
    addContract(store, 1, contract('c1', 'k'));
    addContract(store, 2, contract('c2', 'k'));
    store.archive('c1');
    expect(store.lookup('c1')).toBeUndefined();
    expect(store.lookupByKey('pkg:Main:Account', 'k')?.contractId).toBe('c2');
    store.archive('c2');
    expect(store.lookupByKey('pkg:Main:Account', 'k')).toBeUndefined();
    expect(store.size).toBe(0);
  });

  test('a transaction that creates and consumes a contract leaves only what stays active', () => {
    const store = createContractStore();
    addContract(store, 1, contract('old', null));
    const created = {
      kind: 'created' as const,
      templateId: 'pkg:Main:Account',
      packageName: 'main',
      createArgument: {},
      contractKey: null,
      signatories: ['alice'],
      observers: [],
      witnesses: ['alice'],
      createdAt: '2026-01-01T00:00:00.000000Z',
    };
    const exercised = {
      kind: 'exercised' as const,
      templateId: 'pkg:Main:Account',
      interfaceId: null,
      packageName: 'main',
      choice: 'Archive',
      choiceArgument: {},
      actingParties: ['alice'],
      consuming: true,
      witnesses: ['alice'],
      stakeholders: ['alice'],
      signatories: ['alice'],
      childNodeIds: [],
      exerciseResult: {},
      implementedInterfaces: [],
    };
    const record: TransactionRecord = {
      type: 'transaction',
      offset: 7,
      updateId: 'u',
      synchronizerId: 's',
      effectiveAt: '2026-01-01T00:00:00.000000Z',
      recordTime: '2026-01-01T00:00:00.000000Z',
      workflowId: '',
      submission: null,
      nodes: [
        { ...exercised, nodeId: 0, contractId: 'old', lastDescendantNodeId: 0 },
        { ...created, nodeId: 1, contractId: 'transient' },
        { ...exercised, nodeId: 2, contractId: 'transient', lastDescendantNodeId: 2 },
        { ...created, nodeId: 3, contractId: 'kept' },
      ],
      rootNodeIds: [0, 1, 2, 3],
    };
    applyTransaction(store, record);
    const kept = [...store.values()];
    expect(
      kept.map((active) => [active.contractId, store.createdOffsetOf(active.contractId)]),
    ).toEqual([['kept', 7]]);
    // The store holds the record's node itself, not a copy of it.
    expect(kept[0]).toBe(record.nodes[3]);
  });
});

/** A history of `records` that notes each journal index read into `read`. */
function historyReading(records: readonly TransactionRecord[], read: number[]) {
  return {
    length: records.length,
    at(index: number) {
      read.push(index);
      return records[index] as TransactionRecord;
    },
  };
}

describe('contract store: its section', () => {
  test('a restored store reads a creating record from the history only when asked, and answers alike', () => {
    const records = [
      recordCreating(1, contract('a', 'k1'), { ...contract('b', null), nodeId: 1 }),
      recordCreating(2, contract('c', 'k2')),
      recordCreating(3, contract('d', null)),
    ];
    const store = createContractStore();
    for (const record of records) applyTransaction(store, record);
    store.archive('c');
    // Journal index = offset - 1: the history holds no admin record.
    const saved = JSON.parse(JSON.stringify(store.save((offset) => offset - 1)));
    expect(saved).toEqual({
      contractIds: ['a', 'b', 'd'],
      recordSteps: [0, 0, 2],
      keys: [[expect.stringContaining('"k1"'), 'a']],
    });
    const read: number[] = [];
    const undo = createUndoLog();
    const restored = createContractStore(undo);
    restored.restore(saved, historyReading(records, read), (index) => index + 1);
    expect(restored.size).toBe(3);
    expect(restored.save((offset) => offset - 1)).toEqual(saved);
    expect(read).toEqual([]);
    expect(restored.lookupByKey('pkg:Main:Account', 'k1')).toBe(store.lookup('a'));
    expect(restored.createdOffsetOf('d')).toBe(3);
    expect(read).toEqual([0]);
    expect([...restored.values()]).toEqual([...store.values()]);
    expect(restored.lookup('c')).toBeUndefined();
    expect(read).toEqual([0, 0, 2]);
  });

  test('a revert puts a restored contract back in its place, reading no other record', () => {
    const records = [1, 2, 3].map((offset) => recordCreating(offset, contract(`c${offset}`, null)));
    const store = createContractStore();
    for (const record of records) applyTransaction(store, record);
    const saved = store.save((offset) => offset - 1);
    const read: number[] = [];
    const undo = createUndoLog();
    const restored = createContractStore(undo);
    restored.restore(saved, historyReading(records, read), (index) => index + 1);
    const mark = undo.mark();
    restored.archive('c1');
    undo.rollback(mark);
    // Only the archived contract's record was read (to find its key): the reorder read none.
    expect(read).toEqual([0]);
    expect([...restored.values()].map((active) => active.contractId)).toEqual(['c1', 'c2', 'c3']);
  });
});

describe('canonical JSON', () => {
  test('sorts record fields at every depth and keeps list order', () => {
    expect(canonicalJson({ b: [{ d: '1', c: null }], a: true })).toBe(
      '{"a":true,"b":[{"c":null,"d":"1"}]}',
    );
  });
});
