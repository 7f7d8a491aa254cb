import {
  type CreatedNode,
  createParticipantState,
  createSimulatedClock,
  createUndoLog,
  formatMicros,
  type JournalRecord,
  type TransactionRecord,
} from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { createUpdateBus } from '../bus/update-bus.ts';
import { unrestrictedCaller } from '../services/caller.ts';
import { createActorRuntime } from './actor-runtime.ts';
import type { ActorRequest } from './actor-types.ts';

// The runtime on a bus of its own, fed records as the engine publishes them.

const start = 1_767_225_600_000_000n;
const minute = 60_000_000n;
let offset = 0;

function transaction(at: bigint, nodes: TransactionRecord['nodes']): TransactionRecord {
  offset += 1;
  const time = formatMicros(at);
  return {
    type: 'transaction',
    offset,
    updateId: `update-${offset}`,
    synchronizerId: 'sync',
    effectiveAt: time,
    recordTime: time,
    workflowId: '',
    submission: null,
    nodes,
    rootNodeIds: [0],
  };
}

const offerCreated = (contractId: string, expiresAt: bigint): CreatedNode => ({
  kind: 'created',
  nodeId: 0,
  contractId,
  contractKey: null,
  createdAt: formatMicros(start),
  templateId: 'pkg:Splice.Wallet.TransferOffer:TransferOffer',
  packageName: 'splice-wallet',
  createArgument: {
    sender: 'alice::1220',
    receiver: 'bob::1220',
    dso: 'DSO::1220',
    description: 'x',
    amount: { amount: '1.0000000000', unit: 'AmuletUnit' },
    trackingId: contractId,
    expiresAt: formatMicros(expiresAt),
  },
  signatories: ['alice::1220'],
  observers: ['bob::1220'],
  witnesses: ['alice::1220'],
});

function runtime() {
  const bus = createUpdateBus();
  const errors: unknown[] = [];
  const requests: ActorRequest[] = [];
  const clock = createSimulatedClock(start);
  const actors = createActorRuntime({
    records$: bus.records$,
    clock,
    participant: createParticipantState('participant1::1220'),
    onError: (error) => errors.push(error),
    undo: createUndoLog(),
  });
  actors.requests$.subscribe((request) => requests.push(request));
  return { bus, actors, errors, requests, clock };
}

describe('the actor runtime on a bus', () => {
  it('fires a timer before the first record at or after its due time, at that due time', () => {
    const { bus, actors, requests } = runtime();
    bus.publish(transaction(start, [offerCreated('offer-1', start + 5n * minute)]));
    expect(actors.dueTask.nextDueMicros()).toBe(start + 5n * minute);
    bus.publish(transaction(start + 9n * minute, []));
    const offer = actors.get(unrestrictedCaller, 'transfer-offer:offer-1');
    expect(offer?.state).toBe('expired');
    expect(offer?.history.at(-1)).toMatchObject({
      from: 'open.created',
      to: 'expired',
      offset: null,
      at: formatMicros(start + 5n * minute),
    });
    expect(requests.map((request) => request.type)).toEqual(['offer.expiryDue']);
    expect(actors.dueTask.nextDueMicros()).toBeNull();
    expect(actors.liveCount()).toBe(0);
  });

  it('reports a record it cannot read and goes on with the next', () => {
    const { bus, actors, errors } = runtime();
    const broken = { ...transaction(start, []), nodes: null } as unknown as JournalRecord;
    bus.publish(broken);
    bus.publish(transaction(start + minute, [offerCreated('offer-2', start + 60n * minute)]));
    expect(errors).toHaveLength(1);
    expect(actors.get(unrestrictedCaller, 'transfer-offer:offer-2')?.state).toBe('open.created');
  });

  it('runs due timers as a task of the node’s schedule when the clock moves', async () => {
    const { bus, actors, clock } = runtime();
    bus.publish(transaction(start, [offerCreated('offer-3', start + minute)]));
    await actors.dueTask.run({ jobId: null });
    expect(actors.get(unrestrictedCaller, 'transfer-offer:offer-3')?.state).toBe('open.created');
    clock.advance(minute);
    await actors.dueTask.run({ jobId: null });
    expect(actors.get(unrestrictedCaller, 'transfer-offer:offer-3')?.history.at(-1)).toMatchObject({
      to: 'expired',
      at: formatMicros(start + minute),
    });
  });
});
