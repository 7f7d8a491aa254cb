import { formatNumeric, parseNumeric } from '@pocketnet/ledger';
import { mergeReferences, walletReferences } from '@pocketnet/splice';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ActorNode,
  hourMicros,
  startActorNode,
  textAt,
} from '../../testing/actor-node.test-helper.ts';
import type { ActorRequest } from './actor-types.ts';

// Merge delegations and traffic purchases on a devnet node.

let net: ActorNode;
let alice: string;
let requests: ActorRequest[];

beforeEach(async () => {
  net = await startActorNode();
  alice = await net.party('alice');
  requests = [];
  net.node.actors.requests$.subscribe((request) => requests.push(request));
});
afterEach(async () => {
  await net.node.close();
  expect(net.errors).toEqual([]);
});

describe('merge-delegation actors on a node', () => {
  const propose = async () => {
    const { contractId } = await net.create([alice], mergeReferences.mergeDelegationProposal, {
      delegation: { operator: net.operator, owner: alice, meta: { values: {} } },
    });
    return { proposal: contractId, actorId: `merge-delegation:${contractId}` };
  };
  const onProposal = (actAs: string, proposal: string, choice: string) =>
    net.exercise([actAs], {
      templateId: mergeReferences.mergeDelegationProposal,
      contractId: proposal,
      choice,
      argument: {},
    });

  /** The owner's self-transfer of its holdings, which merges them into one. */
  const mergeCall = (delegationCid: string, holdings: readonly string[], total: string) => ({
    delegationCid,
    choiceArg: {
      optMergeTransfer: {
        factoryCid: net.factory(),
        choiceArg: {
          expectedAdmin: net.dso,
          transfer: {
            sender: alice,
            receiver: alice,
            amount: total,
            instrumentId: { admin: net.dso, id: 'Amulet' },
            requestedAt: net.now(),
            executeBefore: net.now(hourMicros),
            inputHoldingCids: holdings,
            meta: { values: {} },
          },
          extraArgs: net.registryContext(),
        },
      },
      optExtraTransfer: null,
      optFeaturedAppRight: null,
    },
  });

  it('is proposed, accepted, merges batches through merging, and is withdrawn', async () => {
    const { proposal, actorId } = await propose();
    expect(net.actor(actorId)?.state).toBe('open.proposal');
    const { result } = await onProposal(net.operator, proposal, 'MergeDelegationProposal_Accept');
    const delegation = textAt(result, 'mergeDelegationCid');
    expect(net.actor(actorId)).toMatchObject({
      state: 'open.active',
      contractIds: [proposal, delegation],
    });
    const holdings = [await net.tap(alice, '1.0'), await net.tap(alice, '2.0')];
    const { contractId: utility } = await net.create(
      [net.operator],
      mergeReferences.batchMergeUtility,
      {
        operator: net.operator,
      },
    );
    const batch = await net.exercise([net.operator], {
      templateId: mergeReferences.batchMergeUtility,
      contractId: utility,
      choice: 'BatchMergeUtility_MergeHoldings',
      argument: {
        mergeCalls: [mergeCall(delegation, holdings, formatNumeric(parseNumeric('3.0')))],
      },
      readAs: [alice],
    });
    const merged = net.actor(actorId);
    expect(merged?.state).toBe('open.active');
    expect(merged?.context).toMatchObject({
      merges: 1,
      lastMergeTransactionId: batch.record.updateId,
    });
    expect(merged?.history.slice(-2)).toMatchObject([
      {
        from: 'open.active',
        to: 'merging',
        event: 'delegation.mergeStarted',
        offset: batch.record.offset,
      },
      {
        from: 'merging',
        to: 'open.active',
        event: 'delegation.merged',
        offset: batch.record.offset,
      },
    ]);
    await net.exercise([alice], {
      templateId: mergeReferences.mergeDelegation,
      contractId: delegation,
      choice: 'MergeDelegation_Withdraw',
      argument: {},
    });
    expect(net.actor(actorId)).toMatchObject({
      state: 'withdrawn',
      output: { status: 'withdrawn', merges: 1 },
    });
  });

  it('ends a proposal rejected by the operator or withdrawn by the owner', async () => {
    const rejected = await propose();
    await onProposal(net.operator, rejected.proposal, 'MergeDelegationProposal_Reject');
    expect(net.actor(rejected.actorId)?.state).toBe('rejected');
    const withdrawn = await propose();
    await onProposal(alice, withdrawn.proposal, 'MergeDelegationProposal_Withdraw');
    expect(net.actor(withdrawn.actorId)?.state).toBe('withdrawn');
  });
});

describe('traffic-purchase actors on a node', () => {
  const request = async (trackingId: string) => {
    const { contractId } = await net.create([alice], walletReferences.buyTrafficRequest, {
      dso: net.dso,
      endUserParty: alice,
      expiresAt: net.now(hourMicros),
      trackingId,
      trafficAmount: '1000000',
      memberId: 'PAR::other-validator::1220abcd',
      synchronizerId: net.node.identity.synchronizerId,
      migrationId: '0',
    });
    return { request: contractId, actorId: `traffic-purchase:${contractId}` };
  };

  it('is created, asks for the purchase, and completes when the wallet buys the traffic', async () => {
    const coin = await net.tap(alice, '5000.0');
    const { request: requestId, actorId } = await request('traffic-1');
    expect(net.actor(actorId)).toMatchObject({ state: 'created', trackingId: 'traffic-1' });
    expect(requests).toContainEqual(
      expect.objectContaining({
        actorId,
        type: 'traffic.purchaseRequested',
        contractId: requestId,
      }),
    );
    const completion = await net.exercise([alice, net.operator], {
      templateId: walletReferences.buyTrafficRequest,
      contractId: requestId,
      choice: 'BuyTrafficRequest_Complete',
      argument: {
        inputs: [{ tag: 'InputAmulet', value: coin }],
        context: net.paymentContext(),
        walletProvider: net.operator,
      },
    });
    expect(
      net.node.actors.findByTrackingId(net.caller, 'traffic-purchase', 'traffic-1')?.output,
    ).toEqual({ status: 'completed', transactionId: completion.record.updateId });
  });

  it('fails as rejected when cancelled, and as expired on the node’s clock', async () => {
    const cancelled = await request('traffic-cancelled');
    await net.exercise([alice], {
      templateId: walletReferences.buyTrafficRequest,
      contractId: cancelled.request,
      choice: 'BuyTrafficRequest_Cancel',
      argument: { reason: 'not needed' },
    });
    expect(net.actor(cancelled.actorId)?.output).toEqual({
      status: 'failed',
      failureReason: 'rejected',
      rejectionReason: 'not needed',
    });
    const late = await request('traffic-late');
    await net.advance(hourMicros);
    expect(net.actor(late.actorId)?.output).toEqual({
      status: 'failed',
      failureReason: 'expired',
    });
    expect(requests).toContainEqual(
      expect.objectContaining({ type: 'traffic.expiryDue', contractId: late.request }),
    );
  });
});
