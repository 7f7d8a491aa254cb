import { describe, expect, test } from 'vitest';
import type { ActiveContract } from '../contract.ts';
import type { TransactionRecord } from '../transaction.ts';
import { canonicalJson } from './canonical-json.ts';
import { applyTransaction, createContractStore } from './contract-store.ts';

function contract(contractId: string, key: ActiveContract['contractKey']): ActiveContract {
  return {
    contractId,
    templateId: 'pkg:Main:Account',
    packageName: 'main',
    createArgument: { owner: 'alice' },
    contractKey: key,
    signatories: ['alice'],
    observers: [],
    createdAt: '2026-01-01T00:00:00.000000Z',
    createdEventBlob: '',
    createdOffset: 1,
  };
}

describe('contract store', () => {
  test('finds a contract by id and by key, whatever order the key fields were built in', () => {
    const store = createContractStore();
    store.add(contract('c1', { owner: 'alice', id: '1' }));
    expect(store.lookup('c1')?.contractId).toBe('c1');
    expect(store.lookupByKey('pkg:Main:Account', { id: '1', owner: 'alice' })?.contractId).toBe(
      'c1',
    );
    expect(store.lookupByKey('pkg:Main:Other', { id: '1', owner: 'alice' })).toBeUndefined();
    expect(store.lookupByKey('pkg:Main:Account', { id: '2', owner: 'alice' })).toBeUndefined();
  });

  test('archiving removes the contract and its key, but not a newer holder of the key', () => {
    const store = createContractStore();
    store.add(contract('c1', 'k'));
    store.add(contract('c2', 'k'));
    store.archive('c1');
    expect(store.lookup('c1')).toBeUndefined();
    expect(store.lookupByKey('pkg:Main:Account', 'k')?.contractId).toBe('c2');
    store.archive('c2');
    expect(store.lookupByKey('pkg:Main:Account', 'k')).toBeUndefined();
    expect(store.size).toBe(0);
  });

  test('a transaction that creates and consumes a contract leaves only what stays active', () => {
    const store = createContractStore();
    store.add(contract('old', null));
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
      createdEventBlob: '',
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
    expect([...store.values()].map((active) => [active.contractId, active.createdOffset])).toEqual([
      ['kept', 7],
    ]);
  });
});

describe('canonical JSON', () => {
  test('sorts record fields at every depth and keeps list order', () => {
    expect(canonicalJson({ b: [{ d: '1', c: null }], a: true })).toBe(
      '{"a":true,"b":[{"c":null,"d":"1"}]}',
    );
  });
});
