import { unrestrictedCaller } from '@pocketnet/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { type AutomationNode, startAutomationNode, tickMicros } from './automation-node.ts';

const nodes: AutomationNode[] = [];
afterEach(async () => {
  for (const each of nodes.splice(0)) await each.close();
});

/** What the automations' work shows: the ledger, the rounds, balances and the jobs kept. */
async function state(net: AutomationNode, parties: readonly string[]) {
  const network = net.node.scan.network;
  return {
    ledgerEnd: net.node.engine.ledgerEnd(),
    rounds: [network.rounds.open(), network.rounds.issuing(), network.rounds.closed()].map(
      (rounds) => rounds.map((round) => round.node.contractId),
    ),
    balances: parties.map((party) => net.balance(party)),
    amulets: parties.map((party) => net.amulets(party)),
    jobs: await net.runner.list('sv-automation', 'completed', 1000),
    actors: net.node.actors.list(unrestrictedCaller),
  };
}

describe('the automations rolled back with the node', () => {
  it('run the same work again after a rollback, job ids seen after the mark included', async () => {
    const net = await startAutomationNode();
    nodes.push(net);
    const alice = await net.onboard('alice');
    await net.tap('alice', '100');
    await net.settle();
    const parties = [alice, net.operator()];
    const atMark = await state(net, parties);
    const now = net.node.clock.nowMicros();
    const mark = net.node.undo.mark();

    // Rounds open, issue and close as jobs on the in-process queue; alice's rewards merge.
    await net.advance(3n * tickMicros);
    await net.tap('alice', '5');
    await net.advance(2n * tickMicros);
    const moved = await state(net, parties);
    expect(moved.ledgerEnd).toBeGreaterThan(atMark.ledgerEnd);
    expect(moved.jobs.length).toBeGreaterThan(atMark.jobs.length);

    await net.automations.settled();
    net.node.undo.rollback(mark);
    net.node.clock.rewindTo(now);
    net.node.rearm();
    expect(await state(net, parties)).toEqual(atMark);

    // The same moves from the same state: the same jobs run (their ids were seen after the
    // mark, and are new again), the same ledger results.
    await net.advance(3n * tickMicros);
    await net.tap('alice', '5');
    await net.advance(2n * tickMicros);
    expect(await state(net, parties)).toEqual(moved);
  });
});
