import { walletReferences } from '@pocketnet/splice';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ActorNode,
  hourMicros,
  startActorNode,
  textAt,
} from '../../testing/actor-node.test-helper.ts';
import type { Caller } from '../services/caller.ts';
import type { ActorRequest } from './actor-types.ts';

// Legacy transfer offers on a devnet node: each is an actor from its TransferOffer on, moved by
// the ledger (accept, reject, withdraw, complete) and by the node's clock (expiry).

const userCaller = (userId: string): Caller => ({ kind: 'user', userId, identityProviderId: '' });

describe('transfer-offer actors on a node', () => {
  let net: ActorNode;
  let alice: string;
  let bob: string;
  let requests: ActorRequest[];

  beforeEach(async () => {
    net = await startActorNode();
    alice = await net.party('alice');
    bob = await net.party('bob');
    requests = [];
    net.node.actors.requests$.subscribe((request) => requests.push(request));
  });
  afterEach(async () => {
    await net.node.close();
    expect(net.errors).toEqual([]);
  });

  const offer = async (trackingId: string) => {
    const { contractId, record } = await net.create([alice], walletReferences.transferOffer, {
      sender: alice,
      receiver: bob,
      dso: net.dso,
      amount: { amount: '10.0', unit: 'AmuletUnit' },
      description: 'lunch',
      expiresAt: net.now(hourMicros),
      trackingId,
    });
    return { offer: contractId, record, actorId: `transfer-offer:${contractId}` };
  };
  const onOffer = (contractId: string, actAs: string, choice: string, argument: unknown = {}) =>
    net.exercise([actAs], {
      templateId: walletReferences.transferOffer,
      contractId,
      choice,
      argument,
    });
  const accept = async (contractId: string) => {
    const { result } = await onOffer(contractId, bob, 'TransferOffer_Accept');
    return textAt(result, 'acceptedTransferOffer');
  };

  it('is created with the offer, accepted by the receiver and completed by the sender’s wallet', async () => {
    const coin = await net.tap(alice, '100.0');
    const { offer: offerId, record, actorId } = await offer('offer-1');
    expect(net.actor(actorId)).toMatchObject({
      machine: 'transfer-offer',
      state: 'open.created',
      status: 'active',
      trackingId: 'offer-1',
      parties: [alice, bob],
      history: [
        {
          from: null,
          to: 'open.created',
          event: 'offer.created',
          offset: record.offset,
          updateId: record.updateId,
        },
      ],
    });
    const accepted = await accept(offerId);
    expect(net.actor(actorId)?.state).toBe('open.accepted');
    expect(requests).toContainEqual(
      expect.objectContaining({ actorId, type: 'offer.completionRequested', contractId: accepted }),
    );
    const completion = await net.exercise([alice, net.operator], {
      templateId: walletReferences.acceptedTransferOffer,
      contractId: accepted,
      choice: 'AcceptedTransferOffer_Complete',
      argument: {
        inputs: [{ tag: 'InputAmulet', value: coin }],
        transferContext: net.paymentContext(),
        walletProvider: net.operator,
      },
    });
    const done = net.actor(actorId);
    expect(done?.state).toBe('completed');
    expect(done?.status).toBe('done');
    expect(done?.output).toEqual({
      status: 'completed',
      transactionId: completion.record.updateId,
      contractId: expect.stringMatching(/^00/),
    });
    expect(done?.history.map((step) => step.to)).toEqual([
      'open.created',
      'open.accepted',
      'completed',
    ]);
    expect(done?.history.at(-1)?.offset).toBe(completion.record.offset);
    expect(net.node.actors.findByContract(net.caller, accepted)?.id).toBe(actorId);
  });

  it('fails as rejected when the receiver rejects, and as withdrawn with the sender’s reason', async () => {
    const rejected = await offer('offer-rejected');
    await onOffer(rejected.offer, bob, 'TransferOffer_Reject');
    expect(net.actor(rejected.actorId)?.output).toEqual({
      status: 'failed',
      failureKind: 'rejected',
    });
    const withdrawn = await offer('offer-withdrawn');
    await onOffer(withdrawn.offer, alice, 'TransferOffer_Withdraw', { reason: 'no funds' });
    expect(net.actor(withdrawn.actorId)).toMatchObject({
      state: 'withdrawn',
      output: { status: 'failed', failureKind: 'withdrawn', withdrawnReason: 'no funds' },
    });
  });

  it('expires when the node’s clock passes expiresAt, accepted or not, and asks for the expiry', async () => {
    const waiting = await offer('offer-waiting');
    const acceptedOffer = await offer('offer-accepted');
    const accepted = await accept(acceptedOffer.offer);
    await net.advance(hourMicros - 1n);
    expect(net.actor(waiting.actorId)?.state).toBe('open.created');
    await net.advance(1n);
    for (const actorId of [waiting.actorId, acceptedOffer.actorId]) {
      const actor = net.actor(actorId);
      expect(actor?.state).toBe('expired');
      expect(actor?.output).toEqual({ status: 'failed', failureKind: 'expired' });
      expect(actor?.history.at(-1)).toMatchObject({ offset: null, updateId: null });
      expect(actor?.history.at(-1)?.at).toBe(net.now());
    }
    expect(requests.filter((request) => request.type === 'offer.expiryDue')).toEqual([
      expect.objectContaining({
        actorId: waiting.actorId,
        contractId: waiting.offer,
        offset: null,
      }),
      expect.objectContaining({ actorId: acceptedOffer.actorId, contractId: accepted }),
    ]);
  });

  it('is found by tracking id and shown only to callers that read one of its parties', async () => {
    const { actorId } = await offer('offer-seen');
    const user = (id: string, party: string) =>
      net.node.admin.createUser(net.caller, {
        user: { id, primaryParty: party },
        rights: [{ kind: 'CanReadAs', party }],
      });
    await user('bob', bob);
    await user('carol', await net.party('carol'));
    expect(
      net.node.actors.findByTrackingId(userCaller('bob'), 'transfer-offer', 'offer-seen')?.id,
    ).toBe(actorId);
    expect(net.node.actors.canSee(userCaller('bob'), actorId)).toBe(true);
    expect(net.node.actors.canSee(userCaller('carol'), actorId)).toBe(false);
    expect(net.node.actors.canSee(userCaller('nobody'), actorId)).toBe(false);
    expect(net.node.actors.get(userCaller('carol'), actorId)).toBeUndefined();
    expect(
      net.node.actors.findByTrackingId(userCaller('carol'), 'transfer-offer', 'offer-seen'),
    ).toBeUndefined();
    const carolSees = net.node.actors.list(userCaller('carol'));
    expect(carolSees.some((actor) => actor.machine === 'transfer-offer')).toBe(false);
    expect(carolSees.some((actor) => actor.machine === 'mining-round')).toBe(true);
    expect(net.node.actors.list(userCaller('bob'), { machine: 'transfer-offer' })).toHaveLength(1);
    expect(() => net.node.actors.list(userCaller('nobody'))).toThrow(/unknown or deactivated/);
  });
});
