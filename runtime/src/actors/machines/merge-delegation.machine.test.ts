import { describe, expect, it } from 'vitest';
import { at, send, start, stateValueOf } from '../../../testing/machine.test-helper.ts';
import {
  type MergeDelegationInput,
  mergeDelegationMachine as machine,
} from './merge-delegation.machine.ts';

const proposal: MergeDelegationInput = {
  at,
  contractId: 'proposal-1',
  transactionId: 'tx-propose',
  owner: 'alice::1220',
  operator: 'validator::1220',
  startsWith: 'proposal',
};
const step = (transactionId: string) => ({ at, transactionId });
const accepted = () =>
  send(machine, start(machine, proposal), {
    type: 'delegation.accepted',
    ...step('tx-accept'),
    delegationContractId: 'delegation-1',
  });

describe('the merge-delegation machine', () => {
  it('starts as a proposal and becomes active when the operator accepts it', () => {
    expect(stateValueOf(start(machine, proposal))).toEqual({ open: 'proposal' });
    const active = accepted();
    expect(stateValueOf(active)).toEqual({ open: 'active' });
    expect(active.snapshot.context.contractIds).toEqual(['proposal-1', 'delegation-1']);
  });

  it('starts active when the delegation is created directly', () => {
    const direct = start(machine, { ...proposal, startsWith: 'delegation' });
    expect(stateValueOf(direct)).toEqual({ open: 'active' });
    expect(direct.snapshot.context.delegationContractId).toBe('proposal-1');
  });

  it('passes through merging for each merge and counts them', () => {
    let current = accepted();
    for (const batch of ['tx-merge-1', 'tx-merge-2']) {
      current = send(machine, current, { type: 'delegation.mergeStarted', ...step(batch) });
      expect(stateValueOf(current)).toBe('merging');
      current = send(machine, current, { type: 'delegation.merged', ...step(batch) });
      expect(stateValueOf(current)).toEqual({ open: 'active' });
    }
    expect(current.snapshot.context.merges).toBe(2);
    expect(current.snapshot.context.lastMergeTransactionId).toBe('tx-merge-2');
  });

  it('ends rejected or withdrawn, as a proposal or as an active delegation', () => {
    for (const from of [start(machine, proposal), accepted()]) {
      const rejected = send(machine, from, { type: 'delegation.rejected', ...step('tx-r') });
      expect(rejected.snapshot.output).toEqual({ status: 'rejected', merges: 0 });
      const withdrawn = send(machine, from, { type: 'delegation.withdrawn', ...step('tx-w') });
      expect(stateValueOf(withdrawn)).toBe('withdrawn');
      expect(withdrawn.snapshot.status).toBe('done');
    }
  });

  it('does not merge a delegation that is only proposed', () => {
    const merging = send(machine, start(machine, proposal), {
      type: 'delegation.mergeStarted',
      ...step('tx'),
    });
    expect(stateValueOf(merging)).toEqual({ open: 'proposal' });
  });
});
