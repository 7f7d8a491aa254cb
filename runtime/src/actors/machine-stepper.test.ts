import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { start } from '../../testing/machine.test-helper.ts';
import { createMachineStepper, type MachineStep } from './machine-stepper.ts';
import { transferPreapprovalMachine } from './machines/transfer-preapproval.machine.ts';

const input = {
  at: '2026-01-01T00:00:00.000000Z',
  contractId: 'proposal-1',
  transactionId: 'tx-1',
  receiver: 'bob::1220',
  provider: 'validator::1220',
  dso: null,
  expiresAt: null,
};
const accepted = {
  type: 'preapproval.accepted' as const,
  at: '2026-01-01T00:00:00.000000Z',
  transactionId: 'tx-2',
  preapprovalContractId: 'preapproval-1',
  expiresAt: '2026-01-01T00:00:01.000001Z',
};
const expiry = 'xstate.after.expiry.transfer-preapproval.open.active';

const handled = (step: MachineStep | null): MachineStep => {
  if (step === null) throw new Error('the event was not handled');
  return step;
};

describe('the machine stepper', () => {
  it('steps as XState’s pure transition does, keeping only state and context', () => {
    const stepper = createMachineStepper(transferPreapprovalMachine);
    const initial = stepper.initial(input);
    const pure = start(transferPreapprovalMachine, input);
    expect(initial).toMatchObject({
      state: 'open.proposed',
      done: false,
      output: null,
      effects: [],
    });
    expect(initial.context).toEqual(pure.snapshot.context);
    const next = handled(stepper.next(initial, accepted));
    const [pureNext] = transition(transferPreapprovalMachine, pure.snapshot, accepted);
    expect(next.context).toEqual(pureNext.context);
    expect(next.state).toBe('open.active.paid');
    expect(next.effects).toEqual([
      { kind: 'schedule', id: expiry, event: { type: expiry }, delayMillis: 1000.001 },
    ]);
    const expired = handled(stepper.next(next, { type: expiry }));
    expect(expired).toMatchObject({ state: 'expired', done: true });
    expect(expired.output).toEqual({
      status: 'expired',
      preapprovalContractId: 'preapproval-1',
      renewals: 0,
    });
    // Leaving `active` cancels its timer (the registry has already taken it), then asks.
    expect(expired.effects).toEqual([
      { kind: 'cancel', id: expiry },
      { kind: 'emit', event: { type: 'preapproval.expiryDue', contractId: 'preapproval-1' } },
    ]);
  });

  it('shares one state string per state, and rebuilds full snapshots for inspectors', () => {
    const stepper = createMachineStepper(transferPreapprovalMachine);
    const first = handled(stepper.next(stepper.initial(input), accepted));
    const second = handled(stepper.next(stepper.initial(input), accepted));
    expect(first.state).toBe(second.state);
    const snapshot = stepper.snapshotOf(first);
    expect(snapshot.value).toEqual({ open: { active: 'paid' } });
    expect(snapshot.context).toBe(first.context);
  });

  it('returns null for an event the machine does not handle', () => {
    const stepper = createMachineStepper(transferPreapprovalMachine);
    expect(stepper.next(stepper.initial(input), { type: 'round.archived' })).toBeNull();
  });
});
