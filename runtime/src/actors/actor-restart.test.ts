import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mergeReferences, walletReferences } from '@pocketnet/splice';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ActorNode,
  hourMicros,
  startActorNode,
} from '../../testing/actor-node.test-helper.ts';
import type { ActorTransition } from './actor-types.ts';

// The actors are a projection of the journal: a node reopened on the same journal replays it
// through its bus and rebuilds the same actors, in the same states, with the same histories.

const opened: ActorNode[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const net of opened.splice(0)) await net.node.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function open(dataDir?: string) {
  const net = await startActorNode(dataDir === undefined ? {} : { dataDir });
  opened.push(net);
  return net;
}

const everything = (net: ActorNode) =>
  net.node.actors.list(net.caller).map((summary) => net.node.actors.get(net.caller, summary.id));

// Between two round ticks, so that nothing else is committed at that time.
const expiry = (55n * hourMicros) / 60n;

async function someWorkflows(net: ActorNode) {
  const alice = await net.party('alice');
  const bob = await net.party('bob');
  const offer = (trackingId: string) =>
    net.create([alice], walletReferences.transferOffer, {
      sender: alice,
      receiver: bob,
      dso: net.dso,
      amount: { amount: '10.0', unit: 'AmuletUnit' },
      description: 'lunch',
      expiresAt: net.now(expiry),
      trackingId,
    });
  const accepted = await offer('accepted');
  await net.exercise([bob], {
    templateId: walletReferences.transferOffer,
    contractId: accepted.contractId,
    choice: 'TransferOffer_Accept',
    argument: {},
  });
  const expiring = await offer('expiring');
  await net.create([alice], mergeReferences.mergeDelegationProposal, {
    delegation: { operator: net.operator, owner: alice, meta: { values: {} } },
  });
  // Both offers expire on the clock; then the ledger expires one at that very time (as the
  // automation would): on replay too, the timer must fire before that record is routed.
  await net.advance(expiry);
  await net.exercise([alice], {
    templateId: walletReferences.transferOffer,
    contractId: expiring.contractId,
    choice: 'TransferOffer_Expire',
    argument: { actor: alice },
  });
  await net.advance(hourMicros);
  await offer('pending');
}

describe('the actor registry across a restart', () => {
  it('rebuilds the same actors, states and histories from a file journal', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pocketnet-actors-'));
    dirs.push(dir);
    const first = await open(dir);
    await someWorkflows(first);
    const before = everything(first);
    const offers = before.filter((actor) => actor?.machine === 'transfer-offer');
    expect(offers.map((actor) => actor?.state).sort()).toEqual([
      'expired',
      'expired',
      'open.created',
    ]);
    expect(before.filter((actor) => actor?.machine === 'mining-round').length).toBeGreaterThan(10);
    await first.node.close();
    opened.splice(opened.indexOf(first), 1);

    const second = await open(dir);
    expect(everything(second)).toEqual(before);
  });

  it('streams every transition as it happens, with its offset and update id', async () => {
    const net = await open();
    const seen: ActorTransition[] = [];
    net.node.actors.transitions$.subscribe((transition) => seen.push(transition));
    const alice = await net.party('alice');
    const { record, contractId } = await net.create(
      [alice],
      mergeReferences.mergeDelegationProposal,
      { delegation: { operator: net.operator, owner: alice, meta: { values: {} } } },
    );
    expect(seen).toEqual([
      {
        actorId: `merge-delegation:${contractId}`,
        machine: 'merge-delegation',
        from: null,
        to: 'open.proposal',
        event: 'delegation.proposed',
        offset: record.offset,
        updateId: record.updateId,
        at: record.recordTime,
      },
    ]);
  });
});
