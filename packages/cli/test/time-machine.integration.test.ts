import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  graphqlEvents,
  graphqlSubscription,
  inspectorTransitions,
  ledgerUpdates,
} from './revert-streams.ts';
import {
  answersOf,
  expectSameAnswers,
  ledgerEnd,
  onboard,
  preapprove,
  send,
  tap,
} from './time-machine-answers.ts';
import { startTimeMachineNode, type TimeMachineNode } from './time-machine-node.ts';

// Snapshots, revert and reset (issue 23) through the HTTP API of the node `pocketnet start`
// composes: after a revert every API answers as it did at the snapshot.

let net: TimeMachineNode | null = null;
afterEach(async () => {
  await net?.close();
  net = null;
});

const snapshot = async (node: TimeMachineNode) =>
  await node.json<{ id: string; ledger_end: number }>('/api/devnet/v0/snapshot', { body: {} });

describe('snapshot and revert', () => {
  // In place (the node's undo log), and by a rebuild from the cut journal (the fallback).
  it.each(['in place', 'rebuild'] as const)(
    'puts balances, history, scan, actors and the clock back as they were (%s)',
    async (revert) => {
      net = await startTimeMachineNode({ revert });
      const node = net.embedded.current().node;
      const alice = await onboard(net, 'alice');
      const bob = await onboard(net, 'bob');
      await tap(net, 'alice', '200');
      await preapprove(net, 'bob');
      // The clock goes back to the snapshot's time, not to the node's start.
      await net.json('/api/devnet/v0/time/advance', { body: { seconds: 600 } });
      const before = await answersOf(net, { alice, bob });
      const taken = await snapshot(net);
      expect(taken.ledger_end).toBe(before.ledgerEnd);

      await send(net, 'alice', bob, '40', 'rent');
      await net.json('/api/devnet/v0/time/advance', { body: { seconds: 3600 } });
      const moved = await answersOf(net, { alice, bob });
      expect(moved.wallets).not.toEqual(before.wallets);
      expect(moved.ledgerEnd).toBeGreaterThan(before.ledgerEnd);

      const reverted = await net.json<{ id: string; ledger_end: number; now_micros: string }>(
        '/api/devnet/v0/revert',
        { body: { id: taken.id } },
      );
      expect(reverted).toMatchObject({ id: taken.id, ledger_end: before.ledgerEnd });
      expectSameAnswers(await answersOf(net, { alice, bob }), before);
      expect(net.embedded.current().node === node).toBe(revert === 'in place');

      // The timeline goes on from the snapshot: the next offset follows its ledger end.
      await send(net, 'alice', bob, '10', 'rent');
      expect(await ledgerEnd(net)).toBeGreaterThan(before.ledgerEnd);
    },
  );
});

describe('a restart after a revert', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('replays the cut journal: every API answers as right after the revert', async () => {
    dir = await mkdtemp(join(tmpdir(), 'pocketnet-revert-restart-'));
    net = await startTimeMachineNode({ dataDir: dir });
    const alice = await onboard(net, 'alice');
    const bob = await onboard(net, 'bob');
    await tap(net, 'alice', '100');
    await preapprove(net, 'bob');
    const taken = await snapshot(net);
    await send(net, 'alice', bob, '30', 'rent');
    await onboard(net, 'carol');
    await net.json('/api/devnet/v0/revert', { body: { id: taken.id } });
    const reverted = await answersOf(net, { alice, bob });
    await net.close();

    net = await startTimeMachineNode({ dataDir: dir });
    expect(await answersOf(net, { alice, bob })).toEqual(reverted);
    expect((await net.call('/api/validator/v0/wallet/balance', { user: 'carol' })).status).toBe(
      404,
    );
    // And it goes on: the next transfer commits after the snapshot's ledger end.
    await send(net, 'alice', bob, '1', 'after restart');
    expect(await ledgerEnd(net)).toBeGreaterThan(taken.ledger_end);
  });
});

describe('revert and reset', () => {
  it('drops the snapshots taken after the one reverted to, and reset goes back to genesis', async () => {
    net = await startTimeMachineNode();
    const genesis = await answersOf(net, {});
    const first = await snapshot(net);
    const alice = await onboard(net, 'alice');
    const second = await snapshot(net);
    await tap(net, 'alice', '50');
    await net.json('/api/devnet/v0/revert', { body: { id: first.id } });
    const gone = await net.call('/api/devnet/v0/revert', { body: { id: second.id } });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: string }).error).toMatch(/no snapshot "2"/);
    // The snapshot reverted to stays: the test loop reverts to it again and again.
    await onboard(net, 'alice');
    await net.json('/api/devnet/v0/revert', { body: { id: first.id } });
    expect((await net.call('/api/validator/v0/wallet/balance', { user: 'alice' })).status).toBe(
      404,
    );

    await onboard(net, 'bob');
    const reset = await net.json<{ id: string; ledger_end: number }>('/api/devnet/v0/reset', {
      body: {},
    });
    expect(reset).toMatchObject({ id: 'genesis', ledger_end: genesis.ledgerEnd });
    expectSameAnswers(await answersOf(net, {}), genesis);
    expect((await net.call('/api/devnet/v0/revert', { body: { id: first.id } })).status).toBe(404);
    expect(alice).toMatch(/^alice::/);
  });

  it('is for participant admins only, and refuses a malformed request', async () => {
    net = await startTimeMachineNode();
    await onboard(net, 'alice');
    const taken = await snapshot(net);
    for (const path of ['/api/devnet/v0/snapshot', '/api/devnet/v0/reset']) {
      expect((await net.call(path, { user: 'alice', body: {} })).status).toBe(403);
    }
    const asAlice = await net.call('/api/devnet/v0/revert', {
      user: 'alice',
      body: { id: taken.id },
    });
    expect(asAlice.status).toBe(403);
    expect((await net.call('/api/devnet/v0/state', { user: 'alice' })).status).toBe(403);
    expect((await net.call('/api/devnet/v0/snapshot', { user: null, body: {} })).status).toBe(401);
    const malformed = await net.call('/api/devnet/v0/revert', { body: { id: 7 } });
    expect(malformed.status).toBe(400);
    // Nothing changed: the snapshot is still there, and the next one is the next id.
    expect((await snapshot(net)).id).toBe(String(Number(taken.id) + 1));
  });
});

describe('a revert while streams are open', () => {
  it('ends Ledger API, GraphQL (WebSocket and SSE) and inspector streams naming it; offsets go on from the snapshot', async () => {
    net = await startTimeMachineNode();
    const alice = await onboard(net, 'alice');
    const bob = await onboard(net, 'bob');
    await tap(net, 'alice', '100');
    await preapprove(net, 'bob');
    const taken = await snapshot(net);
    const token = await net.token('alice');
    const updates = ledgerUpdates(net.wsUrl, token, alice);
    const subscription = graphqlSubscription(
      net.wsUrl,
      token,
      'subscription { updates(beginExclusive: 0) { ... on Transaction { offset } } }',
    );
    const inspector = await inspectorTransitions(net.url, await net.token('participant_admin'));
    const overSse = await graphqlEvents(
      net.url,
      token,
      'subscription { updates(beginExclusive: 0) { ... on Transaction { offset } } }',
    );
    await send(net, 'alice', bob, '5', 'tea');
    const afterSend = await ledgerEnd(net);
    await updates.until((messages) =>
      messages.some((message) => JSON.stringify(message).includes(`"offset":${afterSend}`)),
    );
    await subscription.until((messages) =>
      messages.some((message) => (message as { type: string }).type === 'next'),
    );

    await net.json('/api/devnet/v0/revert', { body: { id: taken.id } });
    const reason = `the ledger was reverted to snapshot ${taken.id} (ledger end ${taken.ledger_end})`;
    expect(await updates.closed).toEqual({ code: 1012, reason });
    const last = updates.messages.at(-1) as { code: string; cause: string };
    expect(last).toMatchObject({ code: 'UNAVAILABLE', cause: `${reason}; resubscribe` });
    expect(await subscription.closed).toEqual({ code: 1012, reason });
    expect(await overSse.ended).toContain(`${reason}; resubscribe`);
    expect(await inspector.ended).toContain(
      `event: reverted\ndata: ${JSON.stringify({ reason })}\n\n`,
    );

    // A client that resubscribes hears the new timeline: the dropped transfer is gone, and the
    // next one takes the offsets after the snapshot's ledger end.
    const tea = transactionsOf(updates.messages).find((update) => update.offset === afterSend);
    expect(tea).toBeDefined();
    const resumed = ledgerUpdates(net.wsUrl, token, alice);
    await send(net, 'alice', bob, '7', 'cake');
    const newEnd = await ledgerEnd(net);
    await resumed.until((messages) =>
      transactionsOf(messages).some((update) => update.offset === newEnd),
    );
    const heard = transactionsOf(resumed.messages);
    expect(heard.map((update) => update.updateId)).not.toContain(tea?.updateId);
    expect(heard.filter((update) => update.offset > taken.ledger_end).length).toBeGreaterThan(0);
    expect(
      heard.every(
        (update, index) => index === 0 || update.offset > (heard[index - 1]?.offset ?? 0),
      ),
    ).toBe(true);
  });
});

type StreamedTransaction = { offset: number; updateId: string };
const transactionsOf = (messages: readonly unknown[]): StreamedTransaction[] =>
  messages.flatMap((message) => {
    const value = (message as { update?: { Transaction?: { value: StreamedTransaction } } }).update
      ?.Transaction?.value;
    return value ? [value] : [];
  });
