import {
  type CreatedNode,
  createUndoLog,
  type ExercisedNode,
  historyOf,
  type TransactionRecord,
  type Value,
} from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createTransferCommands } from './transfer-commands.projection.ts';

// pocketnet's packages do not define Splice's TransferCommand yet; these records are shaped as
// the ledger would commit them for it.

const templateId = 'abc123:Splice.ExternalPartyAmuletRules:TransferCommand';
let offset = 0;

function record(nodes: TransactionRecord['nodes']): TransactionRecord {
  offset += 1;
  return {
    type: 'transaction',
    offset,
    updateId: `update-${offset}`,
    synchronizerId: 'global-domain::1220',
    effectiveAt: '2026-01-01T00:00:00.000000Z',
    recordTime: '2026-01-01T00:00:00.000000Z',
    workflowId: '',
    submission: null,
    nodes,
    rootNodeIds: [0],
  };
}

const created = (contractId: string, nonce: string): CreatedNode => ({
  kind: 'created',
  nodeId: 0,
  contractId,
  templateId,
  packageName: 'splice-amulet',
  createArgument: { dso: 'DSO::1220', sender: 'alice::1220', nonce },
  contractKey: null,
  signatories: ['DSO::1220'],
  observers: [],
  witnesses: ['DSO::1220'],
  createdAt: '2026-01-01T00:00:00.000000Z',
});

const consumed = (contractId: string, choice: string, exerciseResult: Value): ExercisedNode => ({
  kind: 'exercised',
  nodeId: 0,
  contractId,
  templateId,
  interfaceId: null,
  packageName: 'splice-amulet',
  choice,
  choiceArgument: {},
  actingParties: ['DSO::1220'],
  consuming: true,
  witnesses: ['DSO::1220'],
  stakeholders: ['DSO::1220'],
  signatories: ['DSO::1220'],
  childNodeIds: [],
  lastDescendantNodeId: 0,
  exerciseResult,
  implementedInterfaces: [],
});

describe('the transfer commands projection', () => {
  it('reports a command created, then sent or failed by the choice that consumed it', () => {
    const commands = createTransferCommands(createUndoLog());
    const journal: TransactionRecord[] = [];
    // Each record goes into the journal, and to the projection with its index there.
    const commit = (nodes: TransactionRecord['nodes']) => {
      journal.push(record(nodes));
      commands.apply(journal.at(-1) as TransactionRecord, journal.length - 1);
    };
    for (const [id, nonce] of [
      ['c1', '0'],
      ['c2', '0'],
      ['c3', '1'],
      ['c4', '2'],
    ] as const) {
      commit([created(id, nonce)]);
    }
    const statuses = (nonce: bigint) =>
      commands.of('alice::1220', nonce).map((entry) => [entry.node.contractId, entry.status]);
    expect(statuses(0n)).toEqual([
      ['c1', { status: 'created' }],
      ['c2', { status: 'created' }],
    ]);
    const failure = { tag: 'ITR_InsufficientFunds', value: { missingAmount: '5.0' } };
    commit([
      consumed('c1', 'TransferCommand_Send', {
        result: { tag: 'TransferCommandResultFailure', value: { reason: failure } },
      }),
    ]);
    commit([
      consumed('c2', 'TransferCommand_Send', {
        result: { tag: 'TransferCommandResultSuccess', value: {} },
      }),
    ]);
    commit([consumed('c3', 'TransferCommand_Withdraw', {})]);
    commit([consumed('c4', 'TransferCommand_Expire', {})]);
    expect(statuses(0n)).toEqual([
      [
        'c1',
        { status: 'failed', failureKind: 'failed', reason: JSON.stringify({ reason: failure }) },
      ],
      ['c2', { status: 'sent' }],
    ]);
    expect(statuses(1n)).toEqual([
      ['c3', { status: 'failed', failureKind: 'withdrawn', reason: 'Withdrawn by the sender' }],
    ]);
    expect(statuses(2n)).toEqual([
      ['c4', { status: 'failed', failureKind: 'expired', reason: 'The command expired' }],
    ]);
    expect(commands.of('bob::1220', 0n)).toEqual([]);
    // A state file's section (issue 23) gives a fresh projection the same commands, read back
    // from the journal, and saves the same again.
    const saved = JSON.parse(JSON.stringify(commands.save()));
    const restored = createTransferCommands(createUndoLog());
    restored.restore(saved, historyOf(journal));
    for (const nonce of [0n, 1n, 2n])
      expect(restored.of('alice::1220', nonce)).toEqual(commands.of('alice::1220', nonce));
    expect(restored.save()).toEqual(saved);
  });
});
