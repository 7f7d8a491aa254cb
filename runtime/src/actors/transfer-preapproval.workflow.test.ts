import { externalReferences, walletReferences } from '@pocketnet/splice';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ActorNode,
  hourMicros,
  startActorNode,
  textAt,
} from '../../testing/actor-node.test-helper.ts';

// TransferPreapprovals on a devnet node: proposed by the receiver, paid by the validator
// operator (its provider), renewed, cancelled, or expired by the node's clock.

const dayMicros = 24n * hourMicros;

describe('transfer-preapproval actors on a node', () => {
  let net: ActorNode;
  let bob: string;

  beforeEach(async () => {
    net = await startActorNode();
    bob = await net.party('bob');
  });
  afterEach(async () => {
    await net.node.close();
    expect(net.errors).toEqual([]);
  });

  const propose = async () => {
    const { contractId } = await net.create([bob], walletReferences.transferPreapprovalProposal, {
      receiver: bob,
      provider: net.operator,
      expectedDso: net.dso,
    });
    return { proposal: contractId, actorId: `transfer-preapproval:${contractId}` };
  };
  const accept = async (proposal: string, expiresIn: bigint) => {
    const coin = await net.tap(net.operator, '1000.0');
    const { result } = await net.exercise([net.operator], {
      templateId: walletReferences.transferPreapprovalProposal,
      contractId: proposal,
      choice: 'TransferPreapprovalProposal_Accept',
      argument: {
        context: net.paymentContext(),
        inputs: [{ tag: 'InputAmulet', value: coin }],
        expiresAt: net.now(expiresIn),
      },
    });
    return textAt(result, 'transferPreapprovalCid');
  };
  const onPreapproval = (actAs: string, contractId: string, choice: string, argument: object) =>
    net.exercise([actAs], {
      templateId: externalReferences.transferPreapproval,
      contractId,
      choice,
      argument,
    });

  it('is proposed, active once the provider pays, and active again when renewed', async () => {
    const { proposal, actorId } = await propose();
    expect(net.actor(actorId)?.state).toBe('open.proposed');
    const preapproval = await accept(proposal, dayMicros);
    expect(net.actor(actorId)).toMatchObject({
      state: 'open.active.paid',
      contractIds: [proposal, preapproval],
      parties: [bob, net.operator, net.dso],
    });
    const coin = await net.tap(net.operator, '1000.0');
    const { result } = await onPreapproval(net.operator, preapproval, 'TransferPreapproval_Renew', {
      context: net.paymentContext(),
      inputs: [{ tag: 'InputAmulet', value: coin }],
      newExpiresAt: net.now(2n * dayMicros),
    });
    const renewed = textAt(result, 'transferPreapprovalCid');
    const actor = net.actor(actorId);
    expect(actor?.state).toBe('open.active.renewed');
    expect(actor?.contractIds).toEqual([proposal, preapproval, renewed]);
    expect(actor?.history.map((step) => step.event)).toEqual([
      'preapproval.proposed',
      'preapproval.accepted',
      'preapproval.renewed',
    ]);
    // The renewal moved the deadline: a day on, it is still active; two days on, expired.
    await net.advance(dayMicros);
    expect(net.actor(actorId)?.state).toBe('open.active.renewed');
    await net.advance(dayMicros);
    expect(net.actor(actorId)).toMatchObject({
      state: 'expired',
      output: { status: 'expired', preapprovalContractId: renewed, renewals: 1 },
    });
  });

  it('is cancelled by the receiver', async () => {
    const { proposal, actorId } = await propose();
    const preapproval = await accept(proposal, dayMicros);
    await onPreapproval(bob, preapproval, 'TransferPreapproval_Cancel', { p: bob });
    expect(net.actor(actorId)).toMatchObject({ state: 'cancelled', status: 'done' });
  });

  it('starts active when the preapproval is created without a proposal', async () => {
    const { contractId } = await net.create(
      [bob, net.operator, net.dso],
      externalReferences.transferPreapproval,
      {
        dso: net.dso,
        receiver: bob,
        provider: net.operator,
        validFrom: net.now(),
        lastRenewedAt: net.now(),
        expiresAt: net.now(hourMicros),
      },
    );
    const actorId = `transfer-preapproval:${contractId}`;
    expect(net.actor(actorId)?.state).toBe('open.active.paid');
    expect(net.actor(actorId)?.history.map((step) => step.to)).toEqual(['open.active.paid']);
    await net.advance(hourMicros);
    expect(net.actor(actorId)?.state).toBe('expired');
  });
});
