import { type CreatedNode, createUndoLog, type TransactionRecord } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createAnsEntries } from './ans-entries.ts';
import { createNetworkContracts } from './network-contracts.projection.ts';

const dso = 'DSO::1220aa';
const sv = 'sv1::1220bb';

function created(
  contractId: string,
  entity: string,
  packageName: string,
  createArgument: CreatedNode['createArgument'],
): CreatedNode {
  return {
    kind: 'created',
    nodeId: 0,
    contractId,
    templateId: `pkg:${entity}`,
    packageName,
    createArgument,
    contractKey: null,
    signatories: [dso],
    observers: [],
    witnesses: [dso],
    createdAt: '2026-01-01T00:00:00.000000Z',
  };
}

const record = (offset: number, node: CreatedNode): TransactionRecord => ({
  type: 'transaction',
  offset,
  updateId: `update-${offset}`,
  synchronizerId: 'global-domain::1220',
  effectiveAt: '2026-01-01T00:00:00.000000Z',
  recordTime: '2026-01-01T00:00:00.000000Z',
  workflowId: '',
  submission: null,
  nodes: [node],
  rootNodeIds: [0],
});

const entry = (contractId: string, user: string, name: string, expiresAt: string) =>
  created(contractId, 'Splice.Ans:AnsEntry', 'splice-amulet-name-service', {
    user,
    dso,
    name,
    url: '',
    description: '',
    expiresAt,
  });

describe('the name service as Scan reads it', () => {
  it('leaves out expired entries, lists oldest first, then the DSO’s own entries', () => {
    const contracts = createNetworkContracts(createUndoLog());
    const rules = created('rules', 'Splice.DsoRules:DsoRules', 'splice-dso-governance', {
      dso,
      svs: [[sv, { name: 'Sv1', joinedAsOfRound: { number: '0' } }]],
    });
    [
      rules,
      entry('e1', 'bob::1220', 'bob.unverified.ans', '2026-02-01T00:00:00.000000Z'),
      entry('e2', 'bob::1220', 'b.unverified.ans', '2026-03-01T00:00:00.000000Z'),
      entry('e3', 'carol::1220', 'carol.unverified.ans', '2026-01-15T00:00:00.000000Z'),
    ].forEach((node, index) => {
      contracts.apply(record(index + 1, node), index);
    });
    let now = Date.parse('2026-01-10T00:00:00Z') * 1000;
    const ans = createAnsEntries({ contracts, nowMicros: () => BigInt(now) });
    const names = () => ans.list('', 10).map((found) => found.name);
    expect(names()).toEqual([
      'bob.unverified.ans',
      'b.unverified.ans',
      'carol.unverified.ans',
      'dso.ans',
      'sv1.sv.ans',
    ]);
    // By party: the first by name; by name: exactly that name.
    expect(ans.byParty('bob::1220')?.contractId).toBe('e2');
    expect(ans.byName('carol.unverified.ans')?.contractId).toBe('e3');
    expect(ans.byName('sv1.sv.ans')).toMatchObject({ user: sv, contractId: null });
    now = Date.parse('2026-02-15T00:00:00Z') * 1000;
    expect(names()).toEqual(['b.unverified.ans', 'dso.ans', 'sv1.sv.ans']);
    expect(ans.byName('carol.unverified.ans')).toBeNull();
    expect(ans.byParty('carol::1220')).toBeNull();
    expect(ans.list('b', 1).map((found) => found.name)).toEqual(['b.unverified.ans']);
  });
});
