import type { CreatedNode, ExercisedNode, TransactionRecord } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { nodeWithId, projectTransaction } from './participant-records.ts';

const created = (nodeId: number, witnesses: string[]): CreatedNode => ({
  kind: 'created',
  nodeId,
  contractId: `c${nodeId}`,
  templateId: 'p:M:T',
  packageName: 'p',
  createArgument: { fields: {} } as CreatedNode['createArgument'],
  contractKey: null,
  signatories: witnesses,
  observers: [],
  witnesses,
  createdAt: '2026-01-01T00:00:00Z',
});

const exercised = (
  nodeId: number,
  witnesses: string[],
  childNodeIds: number[],
  lastDescendantNodeId: number,
): ExercisedNode => ({
  kind: 'exercised',
  nodeId,
  contractId: `c${nodeId}`,
  templateId: 'p:M:T',
  interfaceId: null,
  packageName: 'p',
  choice: 'C',
  choiceArgument: null,
  actingParties: witnesses,
  consuming: false,
  witnesses,
  stakeholders: witnesses,
  signatories: witnesses,
  childNodeIds,
  lastDescendantNodeId,
  exerciseResult: null,
  implementedInterfaces: [],
});

// dso exercises (0); below it, an exercise alice witnesses (1) with a create for alice and bob
// (2), then a create for dso alone (3).
const transaction: TransactionRecord = {
  type: 'transaction',
  offset: 5,
  updateId: 'u',
  synchronizerId: 's',
  workflowId: '',
  effectiveAt: '2026-01-01T00:00:00Z',
  recordTime: '2026-01-01T00:00:00Z',
  submission: null,
  nodes: [
    exercised(0, ['dso'], [1, 3], 3),
    exercised(1, ['dso', 'alice'], [2], 2),
    created(2, ['dso', 'alice', 'bob']),
    created(3, ['dso']),
  ],
  rootNodeIds: [0],
};

describe("a participant's projection of a transaction", () => {
  it('keeps the subtrees its parties witness, rooted at the topmost, under their own node ids', () => {
    const projected = projectTransaction(transaction, (party) => party === 'bob');
    expect(projected?.nodes.map((node) => node.nodeId)).toEqual([2]);
    expect(projected?.rootNodeIds).toEqual([2]);
    const alice = projectTransaction(transaction, (party) => party === 'alice');
    expect(alice?.rootNodeIds).toEqual([1]);
    expect(alice && nodeWithId(alice, 2)?.nodeId).toBe(2);
    expect(alice && nodeWithId(alice, 0)).toBeUndefined();
  });

  it('is the transaction itself where every node is seen, and nothing where none is', () => {
    expect(projectTransaction(transaction, (party) => party === 'dso')).toBe(transaction);
    expect(projectTransaction(transaction, (party) => party === 'carol')).toBeNull();
  });
});
