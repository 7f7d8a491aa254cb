import { afterEach, describe, expect, it } from 'vitest';
import { answersOf, ledgerEnd, onboard, preapprove, send, tap } from './time-machine-answers.ts';
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
  it('puts balances, history, scan, actors and the clock back as they were', async () => {
    net = await startTimeMachineNode();
    const alice = await onboard(net, 'alice');
    const bob = await onboard(net, 'bob');
    await tap(net, 'alice', '200');
    await preapprove(net, 'bob');
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
    expect(await answersOf(net, { alice, bob })).toEqual(before);

    // The timeline goes on from the snapshot: the next offset follows its ledger end.
    await send(net, 'alice', bob, '10', 'rent');
    expect(await ledgerEnd(net)).toBeGreaterThan(before.ledgerEnd);
  });
});
