import { describe, expect, it } from 'vitest';
import {
  at,
  emittedBy,
  fireTimer,
  hourLater,
  minuteLater,
  send,
  start,
  stateValueOf,
  timersOf,
} from '../../../testing/machine.test-helper.ts';
import {
  transferPreapprovalMachine as machine,
  type TransferPreapprovalInput,
} from './transfer-preapproval.machine.ts';

const proposal: TransferPreapprovalInput = {
  at,
  contractId: 'proposal-1',
  transactionId: 'tx-propose',
  receiver: 'bob::1220',
  provider: 'validator::1220',
  dso: 'DSO::1220',
  expiresAt: null,
};
const direct: TransferPreapprovalInput = {
  ...proposal,
  contractId: 'preapproval-0',
  expiresAt: hourLater,
};
const dayLater = '2026-01-02T00:00:00.000000Z';

const activated = () =>
  send(machine, start(machine, proposal), {
    type: 'preapproval.accepted',
    at,
    transactionId: 'tx-accept',
    preapprovalContractId: 'preapproval-1',
    expiresAt: hourLater,
  });

describe('the transfer-preapproval machine', () => {
  it('starts proposed, without a timer, when the receiver proposes it', () => {
    const proposed = start(machine, proposal);
    expect(stateValueOf(proposed)).toEqual({ open: 'proposed' });
    expect(timersOf(proposed)).toEqual([]);
  });

  it('starts active when the preapproval is created directly', () => {
    const active = start(machine, direct);
    expect(stateValueOf(active)).toEqual({ open: { active: 'paid' } });
    expect(active.snapshot.context.preapprovalContractId).toBe('preapproval-0');
    expect(timersOf(active).map((timer) => timer.delay)).toEqual([3_600_000]);
  });

  it('becomes active once the provider accepts and pays, expiring at its expiresAt', () => {
    const active = activated();
    expect(stateValueOf(active)).toEqual({ open: { active: 'paid' } });
    expect(active.snapshot.context.contractIds).toEqual(['proposal-1', 'preapproval-1']);
    expect(timersOf(active).map((timer) => timer.delay)).toEqual([3_600_000]);
  });

  it('is renewed: active again with the new contract and a timer at the new expiresAt', () => {
    const renew = (from: ReturnType<typeof activated>, contractId: string) =>
      send(machine, from, {
        type: 'preapproval.renewed',
        at: minuteLater,
        transactionId: `tx-${contractId}`,
        preapprovalContractId: contractId,
        expiresAt: dayLater,
      });
    const renewed = renew(activated(), 'preapproval-2');
    expect(stateValueOf(renewed)).toEqual({ open: { active: 'renewed' } });
    expect(renewed.actions.map((action) => action.type)).toContain('xstate.cancel');
    expect(timersOf(renewed).map((timer) => timer.delay)).toEqual([86_340_000]);
    const again = renew(renewed, 'preapproval-3');
    expect(again.snapshot.context.renewals).toBe(2);
    expect(again.snapshot.context.preapprovalContractId).toBe('preapproval-3');
  });

  it('expires on its own when the timer fires, and asks for the expiry', () => {
    const expired = fireTimer(machine, activated());
    expect(stateValueOf(expired)).toBe('expired');
    expect(expired.snapshot.output).toEqual({
      status: 'expired',
      preapprovalContractId: 'preapproval-1',
      renewals: 0,
    });
    expect(emittedBy(expired)).toEqual([
      { type: 'preapproval.expiryDue', contractId: 'preapproval-1' },
    ]);
  });

  it('is cancelled as a proposal or as a preapproval, and expired by the ledger', () => {
    const end = (type: 'preapproval.cancelled' | 'preapproval.expired', from = activated()) =>
      send(machine, from, { type, at, transactionId: 'tx-end' });
    expect(stateValueOf(end('preapproval.cancelled', start(machine, proposal)))).toBe('cancelled');
    expect(end('preapproval.cancelled').snapshot.output).toMatchObject({ status: 'cancelled' });
    expect(stateValueOf(end('preapproval.expired'))).toBe('expired');
  });
});
