import { describe, expect, it } from 'vitest';
import {
  at,
  emittedBy,
  fireTimer,
  hourLater,
  send,
  start,
  stateValueOf,
  timersOf,
} from '../../../testing/machine.test-helper.ts';
import {
  transferInstructionMachine as machine,
  type TransferInstructionInput,
} from './transfer-instruction.machine.ts';

const input: TransferInstructionInput = {
  at,
  contractId: 'instruction-1',
  transactionId: 'tx-create',
  sender: 'alice::1220',
  receiver: 'bob::1220',
  admin: 'DSO::1220',
  instrumentId: 'Amulet',
  amount: '5.0000000000',
  requestedAt: at,
  executeBefore: hourLater,
  lockedAmuletContractId: 'locked-1',
};
const step = { at, transactionId: 'tx-2' };

describe('the transfer-instruction machine', () => {
  it('starts pending with its locked amulet and a timer at executeBefore', () => {
    const pending = start(machine, input);
    expect(stateValueOf(pending)).toBe('pending');
    expect(pending.snapshot.context.contractIds).toEqual(['instruction-1', 'locked-1']);
    expect(pending.snapshot.context.parties).toEqual(['alice::1220', 'bob::1220', 'DSO::1220']);
    expect(timersOf(pending).map((timer) => timer.delay)).toEqual([3_600_000]);
  });

  it('completes when the receiver accepts, with the receiver’s holdings', () => {
    const completed = send(machine, start(machine, input), {
      type: 'instruction.completed',
      ...step,
      receiverHoldingContractIds: ['holding-bob'],
    });
    expect(stateValueOf(completed)).toBe('completed');
    expect(completed.snapshot.output).toEqual({
      status: 'completed',
      transactionId: 'tx-2',
      receiverHoldingContractIds: ['holding-bob'],
      lockedAmountReturnedTo: null,
    });
  });

  it('returns the locked amount to the sender when rejected, withdrawn or expired', () => {
    for (const type of [
      'instruction.rejected',
      'instruction.withdrawn',
      'instruction.expired',
    ] as const) {
      const ended = send(machine, start(machine, input), {
        type,
        ...step,
        returnedHoldingContractIds: ['holding-alice'],
      });
      expect(stateValueOf(ended)).toBe(type.slice('instruction.'.length));
      expect(ended.snapshot.output).toMatchObject({
        status: type.slice('instruction.'.length),
        lockedAmountReturnedTo: 'alice::1220',
      });
      expect(ended.snapshot.context.returnedHoldingContractIds).toEqual(['holding-alice']);
    }
  });

  it('expires at executeBefore on its own and asks for the expiry', () => {
    const expired = fireTimer(machine, start(machine, input));
    expect(stateValueOf(expired)).toBe('expired');
    expect(expired.snapshot.output).toMatchObject({ lockedAmountReturnedTo: 'alice::1220' });
    expect(emittedBy(expired)).toEqual([
      { type: 'instruction.expiryDue', contractId: 'instruction-1' },
    ]);
  });
});
