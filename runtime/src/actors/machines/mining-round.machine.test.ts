import { describe, expect, it } from 'vitest';
import { at, send, start, stateValueOf } from '../../../testing/machine.test-helper.ts';
import { type MiningRoundInput, miningRoundMachine as machine } from './mining-round.machine.ts';

const input: MiningRoundInput = {
  at,
  contractId: 'open-7',
  transactionId: 'tx-open',
  round: '7',
  dso: 'DSO::1220',
  opensAt: at,
  targetClosesAt: at,
  amuletPrice: '0.0050000000',
};
const phase = (
  type: 'round.summarizing' | 'round.issuing' | 'round.closed' | 'round.archived',
  contractId: string,
) => ({
  type,
  at,
  transactionId: `tx-${contractId}`,
  contractId,
});

describe('the mining-round machine', () => {
  it('walks open, summarizing, issuing, closed and archived with the round’s contracts', () => {
    let round = start(machine, input);
    expect(stateValueOf(round)).toBe('open');
    round = send(machine, round, phase('round.summarizing', 'summarizing-7'));
    expect(stateValueOf(round)).toBe('summarizing');
    round = send(machine, round, phase('round.issuing', 'issuing-7'));
    expect(stateValueOf(round)).toBe('issuing');
    round = send(machine, round, phase('round.closed', 'closed-7'));
    expect(stateValueOf(round)).toBe('closed');
    round = send(machine, round, phase('round.archived', 'closed-7'));
    expect(stateValueOf(round)).toBe('archived');
    expect(round.snapshot.status).toBe('done');
    expect(round.snapshot.output).toEqual({ round: '7', closedContractId: 'closed-7' });
    expect(round.snapshot.context.contractIds).toEqual([
      'open-7',
      'summarizing-7',
      'issuing-7',
      'closed-7',
    ]);
  });

  it('skips no phase', () => {
    const round = send(machine, start(machine, input), phase('round.issuing', 'issuing-7'));
    expect(stateValueOf(round)).toBe('open');
  });
});
