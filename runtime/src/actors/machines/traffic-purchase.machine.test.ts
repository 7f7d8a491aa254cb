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
  trafficPurchaseMachine as machine,
  type TrafficPurchaseInput,
} from './traffic-purchase.machine.ts';

const input: TrafficPurchaseInput = {
  at,
  contractId: 'request-1',
  transactionId: 'tx-create',
  endUserParty: 'alice::1220',
  dso: 'DSO::1220',
  expiresAt: hourLater,
  trackingId: 'traffic-1',
  trafficAmount: '100000',
  memberId: 'PAR::participant1::1220',
  synchronizerId: 'global-domain::1220',
};

describe('the traffic-purchase machine', () => {
  it('starts created, asks for the purchase and sets a timer at expiresAt', () => {
    const created = start(machine, input);
    expect(stateValueOf(created)).toBe('created');
    expect(emittedBy(created)).toEqual([
      { type: 'traffic.purchaseRequested', contractId: 'request-1' },
    ]);
    expect(timersOf(created).map((timer) => timer.delay)).toEqual([3_600_000]);
  });

  it('completes with the purchasing transaction', () => {
    const completed = send(machine, start(machine, input), {
      type: 'traffic.completed',
      at,
      transactionId: 'tx-buy',
      purchasedTrafficContractId: 'traffic-contract',
    });
    expect(completed.snapshot.output).toEqual({ status: 'completed', transactionId: 'tx-buy' });
  });

  it('fails as rejected with the reason, or as expired', () => {
    const rejected = send(machine, start(machine, input), {
      type: 'traffic.rejected',
      at,
      transactionId: 'tx-cancel',
      reason: 'insufficient funds',
    });
    expect(rejected.snapshot.output).toEqual({
      status: 'failed',
      failureReason: 'rejected',
      rejectionReason: 'insufficient funds',
    });
    const expired = send(machine, start(machine, input), {
      type: 'traffic.expired',
      at,
      transactionId: 'tx-expire',
    });
    expect(expired.snapshot.output).toEqual({ status: 'failed', failureReason: 'expired' });
  });

  it('expires on its own when the timer fires, and asks for the expiry', () => {
    const expired = fireTimer(machine, start(machine, input));
    expect(stateValueOf(expired)).toBe('expired');
    expect(emittedBy(expired)).toEqual([{ type: 'traffic.expiryDue', contractId: 'request-1' }]);
  });
});
