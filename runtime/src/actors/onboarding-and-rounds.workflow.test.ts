import { amuletTemplateIds, mergeReferences, walletReferences } from '@pocketnet/splice';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ActorNode, startActorNode } from '../../testing/actor-node.test-helper.ts';
import type { Caller } from '../services/caller.ts';

// A wallet user's onboarding, as the validator app does it, and the devnet's mining rounds.

let net: ActorNode;

beforeEach(async () => {
  net = await startActorNode();
});
afterEach(async () => {
  await net.node.close();
  expect(net.errors).toEqual([]);
});

describe('user-onboarding actors on a node', () => {
  it('shows the validator operator of the genesis onboarded', () => {
    const operator = net.actor('user-onboarding:administrator');
    expect(operator).toMatchObject({
      state: 'onboarded',
      status: 'done',
      parties: [net.operator],
      output: { userId: 'administrator', party: net.operator, completedBy: 'validatorOperator' },
    });
    expect(operator?.history.map((step) => step.to)).toEqual([
      'open.requested',
      'open.partyAllocated',
      'walletInstalled',
      'onboarded',
    ]);
  });

  it('follows a user from its creation through its party and wallet to its delegation', async () => {
    await net.node.admin.createUser(net.caller, { user: { id: 'carol', primaryParty: '' } });
    const actorId = 'user-onboarding:carol';
    expect(net.actor(actorId)).toMatchObject({ state: 'open.requested', parties: [] });
    const carolCaller: Caller = { kind: 'user', userId: 'carol', identityProviderId: '' };
    expect(net.node.actors.canSee(carolCaller, actorId)).toBe(true);
    const carol = await net.party('carol', 'carol');
    expect(net.actor(actorId)).toMatchObject({ state: 'open.partyAllocated', parties: [carol] });
    const install = await net.submit(
      [carol, net.operator],
      [
        {
          kind: 'create',
          templateId: walletReferences.walletAppInstall,
          createArguments: {
            dsoParty: net.dso,
            validatorParty: net.operator,
            endUserName: 'carol',
            endUserParty: carol,
          },
        },
        {
          kind: 'create',
          templateId: amuletTemplateIds.validatorRight,
          createArguments: { dso: net.dso, user: carol, validator: net.operator },
        },
      ],
    );
    const created = install.nodes.map((node) => node.contractId);
    expect(net.actor(actorId)).toMatchObject({
      state: 'walletInstalled',
      parties: [carol, net.operator],
      contractIds: created,
    });
    const { contractId: proposal } = await net.create(
      [carol],
      mergeReferences.mergeDelegationProposal,
      { delegation: { operator: net.operator, owner: carol, meta: { values: {} } } },
    );
    const onboarded = net.actor(actorId);
    expect(onboarded).toMatchObject({
      state: 'onboarded',
      output: { userId: 'carol', party: carol, completedBy: 'mergeDelegationProposal' },
    });
    expect(onboarded?.contractIds).toEqual([...created, proposal]);
    expect(net.actor(`merge-delegation:${proposal}`)?.state).toBe('open.proposal');
  });
});

describe('mining-round actors on a node', () => {
  it('follow each round from open to archived, keyed by the round number', async () => {
    const rounds = () =>
      Object.fromEntries(
        net.node.actors
          .list(net.caller, { machine: 'mining-round' })
          .map((round) => [round.id, round.state]),
      );
    expect(rounds()).toEqual({
      'mining-round:0': 'open',
      'mining-round:1': 'open',
      'mining-round:2': 'open',
    });
    await net.node.devnet?.controls.advanceRounds(net.caller, 1);
    expect(rounds()).toMatchObject({ 'mining-round:0': 'issuing', 'mining-round:3': 'open' });
    await net.node.devnet?.controls.advanceRounds(net.caller, 3);
    // Closed at this tick; the DSO archives it two 30 s polls later, once its rewards are settled.
    expect(rounds()['mining-round:0']).toBe('closed');
    await net.node.devnet?.controls.advanceTime(net.caller, 60_000_000n);
    expect(rounds()['mining-round:0']).toBe('archived');
    const first = net.actor('mining-round:0');
    expect(first?.history.map((step) => step.to)).toEqual([
      'open',
      'summarizing',
      'issuing',
      'closed',
      'archived',
    ]);
    expect(first?.contractIds).toHaveLength(4);
    const open = net.node.actors.list(net.caller, { machine: 'mining-round', state: 'open' });
    expect(open.map((round) => round.id)).toEqual([
      'mining-round:4',
      'mining-round:5',
      'mining-round:6',
    ]);
  });
});
