import { parseFixture } from '@pocketnet/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { preapprovalOf } from './time-machine-answers.ts';
import { startTimeMachineNode, type TimeMachineNode } from './time-machine-node.ts';

// Fixtures (issue 23): the node creates a fixture's parties and wallet users (tapped,
// preapproved, delegated, named) before it reports ready; reset goes back to them.

const fixtureYaml = `
parties: [observer]
users:
  - name: alice
    tap: 500
    preapproval: true
    names: [alice.unverified.ans]
  - name: bob
    tap: "20.5"
    mergeDelegation: false
`;

let net: TimeMachineNode | null = null;
afterEach(async () => {
  await net?.close();
  net = null;
});

async function walletOf(node: TimeMachineNode, user: string) {
  const party = node.embedded.fixture.users[user] ?? '';
  const response = await node.call('/graphql', {
    user,
    body: { query: '{ wallet { mergeDelegations { contractId } } }' },
  });
  const body = (await response.json()) as {
    data: { wallet: { mergeDelegations: unknown[] } };
  };
  return {
    balance: await node.json<{ effective_unlocked_qty: string }>(
      '/api/validator/v0/wallet/balance',
      { user },
    ),
    preapproval: (await preapprovalOf(node, party)) !== null,
    names: (
      await node.json<{ entries: Array<{ name: string }> }>('/api/validator/v0/entry/all', {
        user,
      })
    ).entries.map((entry) => entry.name),
    mergeDelegations: body.data.wallet.mergeDelegations.length,
  };
}

describe('fixtures', () => {
  it('creates parties and users, taps them, preapproves, names and delegates before ready', async () => {
    net = await startTimeMachineNode({ fixture: parseFixture(parseYaml(fixtureYaml)) });
    expect(Object.keys(net.embedded.fixture.users)).toEqual(['alice', 'bob']);
    const parties = await net.json<{ partyDetails: Array<{ party: string }> }>('/v2/parties');
    expect(parties.partyDetails.map((details) => details.party)).toContain(
      net.embedded.fixture.parties.observer,
    );
    const alice = await walletOf(net, 'alice');
    expect(alice).toMatchObject({ preapproval: true, names: ['alice.unverified.ans'] });
    expect(alice.mergeDelegations).toBe(1);
    // 500 USD at the devnet's price, less the name's first payment and the preapproval's fee.
    expect(Number(alice.balance.effective_unlocked_qty)).toBeGreaterThan(0);
    const bob = await walletOf(net, 'bob');
    expect(bob).toMatchObject({ preapproval: false, names: [] });

    // Reset goes back to the fixture, not to the bare genesis.
    await net.json('/api/validator/v0/wallet/tap', { user: 'bob', body: { amount: '1000' } });
    await net.json('/api/devnet/v0/reset', { body: {} });
    expect(await walletOf(net, 'bob')).toEqual(bob);
    expect(await walletOf(net, 'alice')).toEqual(alice);
  });

  it('refuses a fixture with a mistake, naming where', () => {
    expect(() => parseFixture(parseYaml('users:\n  - name: alice\n    tap: lots\n'))).toThrow(
      /^users\.0\.tap: /,
    );
    expect(() => parseFixture(parseYaml('user: []'))).toThrow(/user/);
  });
});
