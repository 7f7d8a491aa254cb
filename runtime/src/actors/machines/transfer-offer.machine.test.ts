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
  transferOfferMachine as machine,
  type TransferOfferInput,
} from './transfer-offer.machine.ts';

const input: TransferOfferInput = {
  at,
  contractId: 'offer-1',
  transactionId: 'tx-create',
  sender: 'alice::1220',
  receiver: 'bob::1220',
  dso: 'DSO::1220',
  amount: '10.0000000000',
  unit: 'AmuletUnit',
  description: 'lunch',
  expiresAt: hourLater,
  trackingId: 'tracking-1',
};
const step = (transactionId: string) => ({ at: minuteLater, transactionId });

const accepted = () =>
  send(machine, start(machine, input), {
    type: 'offer.accepted',
    ...step('tx-accept'),
    acceptedContractId: 'accepted-1',
  });

describe('the transfer-offer machine', () => {
  it('starts created, with a timer at expiresAt measured from the creation', () => {
    const created = start(machine, input);
    expect(stateValueOf(created)).toEqual({ open: 'created' });
    expect(timersOf(created).map((timer) => timer.delay)).toEqual([3_600_000]);
    expect(created.snapshot.context).toMatchObject({
      offerContractId: 'offer-1',
      trackingId: 'tracking-1',
      parties: ['alice::1220', 'bob::1220'],
      contractIds: ['offer-1'],
    });
  });

  it('is accepted, asks for completion and completes with the receiver’s amulet', () => {
    const acceptedStep = accepted();
    expect(stateValueOf(acceptedStep)).toEqual({ open: 'accepted' });
    expect(emittedBy(acceptedStep)).toEqual([
      { type: 'offer.completionRequested', contractId: 'accepted-1' },
    ]);
    // The accepted offer keeps the offer's deadline: the open state's timer from the creation
    // stands, and accepting starts none.
    expect(timersOf(acceptedStep)).toEqual([]);
    const completed = send(machine, acceptedStep, {
      type: 'offer.completed',
      ...step('tx-complete'),
      receiverAmuletContractId: 'amulet-bob',
    });
    expect(stateValueOf(completed)).toBe('completed');
    expect(completed.snapshot.status).toBe('done');
    expect(completed.snapshot.output).toEqual({
      status: 'completed',
      transactionId: 'tx-complete',
      contractId: 'amulet-bob',
    });
    expect(completed.snapshot.context.contractIds).toEqual(['offer-1', 'accepted-1', 'amulet-bob']);
  });

  it('fails as rejected when the receiver rejects the offer or withdraws its acceptance', () => {
    const rejected = send(machine, start(machine, input), {
      type: 'offer.rejected',
      ...step('tx-reject'),
      reason: null,
    });
    expect(stateValueOf(rejected)).toBe('rejected');
    expect(rejected.snapshot.output).toEqual({ status: 'failed', failureKind: 'rejected' });
    const unaccepted = send(machine, accepted(), {
      type: 'offer.rejected',
      ...step('tx-withdraw-acceptance'),
      reason: 'changed my mind',
    });
    expect(unaccepted.snapshot.output).toEqual({ status: 'failed', failureKind: 'rejected' });
  });

  it('fails as withdrawn with the sender’s reason, before or after the acceptance', () => {
    for (const from of [start(machine, input), accepted()]) {
      const withdrawn = send(machine, from, {
        type: 'offer.withdrawn',
        ...step('tx-withdraw'),
        reason: 'insufficient funds',
      });
      expect(stateValueOf(withdrawn)).toBe('withdrawn');
      expect(withdrawn.snapshot.output).toEqual({
        status: 'failed',
        failureKind: 'withdrawn',
        withdrawnReason: 'insufficient funds',
      });
    }
  });

  it('expires when its timer fires, created or accepted, and asks for the expiry', () => {
    const expired = fireTimer(machine, start(machine, input));
    expect(stateValueOf(expired)).toBe('expired');
    expect(expired.snapshot.output).toEqual({ status: 'failed', failureKind: 'expired' });
    expect(emittedBy(expired)).toEqual([{ type: 'offer.expiryDue', contractId: 'offer-1' }]);
    const [creationTimer] = timersOf(start(machine, input));
    if (creationTimer === undefined) throw new Error('no timer at the creation');
    const acceptedExpired = send(machine, accepted(), creationTimer.event);
    expect(stateValueOf(acceptedExpired)).toBe('expired');
    expect(emittedBy(acceptedExpired)).toEqual([
      { type: 'offer.expiryDue', contractId: 'accepted-1' },
    ]);
  });

  it('expires when the ledger expires it, and then ignores everything', () => {
    const expired = send(machine, start(machine, input), {
      type: 'offer.expired',
      ...step('tx-expire'),
    });
    expect(stateValueOf(expired)).toBe('expired');
    const after = send(machine, expired, {
      type: 'offer.accepted',
      ...step('tx-late'),
      acceptedContractId: 'accepted-late',
    });
    expect(after.snapshot).toBe(expired.snapshot);
  });

  it('cannot complete an offer that was not accepted', () => {
    const created = start(machine, input);
    const completed = send(machine, created, {
      type: 'offer.completed',
      ...step('tx'),
      receiverAmuletContractId: 'amulet',
    });
    expect(stateValueOf(completed)).toEqual({ open: 'created' });
  });
});
