import { describe, expect, it } from 'vitest';
import { transactionOfEvents } from './json-api-values.ts';

const created = (nodeId: number) => ({
  CreatedEvent: {
    nodeId,
    contractId: `c${nodeId}`,
    templateId: 'pkg:M:T',
    createArgument: {},
    witnessParties: ['alice'],
  },
});
const exercised = (nodeId: number, lastDescendantNodeId: number) => ({
  ExercisedEvent: {
    nodeId,
    contractId: `c${nodeId}`,
    templateId: 'pkg:M:T',
    choice: 'Go',
    choiceArgument: {},
    witnessParties: ['alice'],
    lastDescendantNodeId,
    exerciseResult: null,
  },
});

describe('a LEDGER_EFFECTS transaction as a tree', () => {
  it('nests each event under the exercise whose descendants it is among', () => {
    // 0: exercise (1: create, 2: exercise (3: create)), 4: create, then a second root.
    const events = [exercised(0, 3), created(1), exercised(2, 3), created(3), created(4)];
    const tree = transactionOfEvents([...events].reverse());
    expect(tree.rootNodeIds).toEqual([0, 4]);
    const children = Object.fromEntries(
      tree.nodes.flatMap((node) =>
        node.kind === 'exercised' ? [[node.nodeId, node.childNodeIds]] : [],
      ),
    );
    expect(children).toEqual({ 0: [1, 2], 2: [3] });
  });
});
