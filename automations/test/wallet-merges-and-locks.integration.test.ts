import { afterEach, describe, expect, it } from 'vitest';
import { type AutomationNode, onboard, startAutomationNode, units } from './automation-node.ts';

const minuteMicros = 60_000_000n;

describe('the wallet’s own merges and locks through a real node', () => {
  let net: AutomationNode;
  afterEach(() => net.close());
  let alice = '';
  const start = (config = {}) =>
    startAutomationNode({
      prepare: async (node) => {
        alice = await onboard(node, 'alice');
        return config;
      },
    });

  it('merges a wallet party’s small amulets into one once it holds enough of them', async () => {
    net = await start({ amuletMerge: { belowAmount: '10.0', minCount: 3 } });
    await net.tap('alice', '100.0');
    await net.tap('alice', '0.01');
    await net.tap('alice', '0.02');
    await net.settle();
    expect(net.amulets(alice)).toHaveLength(3);
    await net.tap('alice', '0.03');
    const total = net.balance(alice);
    await net.settle();
    expect(net.amulets(alice).sort()).toEqual([units('12.0'), units('20000.0')].sort());
    expect(net.balance(alice)).toBe(total);
  });

  it('gives a wallet party its locked coin back once the lock has expired', async () => {
    net = await start();
    await net.tap('alice', '100.0');
    const { wallet } = net.node;
    const [coin] = wallet.contracts.of(alice, 'amulet');
    const expiresAt = net.node.clock.nowMicros() + 20n * minuteMicros;
    await wallet.submit({
      actAs: [alice, net.operator()],
      readAs: [wallet.network.dso()],
      commands: [
        {
          kind: 'exercise',
          templateId: '#splice-amulet:Splice.AmuletRules:AmuletRules',
          contractId: wallet.network.amuletRules().contractId,
          choice: 'AmuletRules_Transfer',
          choiceArgument: {
            transfer: {
              sender: alice,
              provider: alice,
              inputs: [{ tag: 'InputAmulet', value: coin?.node.contractId ?? '' }],
              outputs: [
                {
                  receiver: alice,
                  receiverFeeRatio: '0.0',
                  amount: '10.0',
                  lock: {
                    holders: [net.operator()],
                    expiresAt: new Date(Number(expiresAt / 1000n)).toISOString(),
                    optContext: null,
                  },
                },
              ],
              beneficiaries: null,
            },
            context: {
              openMiningRound: wallet.network.openRound().contractId,
              issuingMiningRounds: [],
              validatorRights: [],
              featuredAppRight: null,
            },
            expectedDso: wallet.network.dso(),
          },
        },
      ],
    });
    const [locked] = wallet.contracts.of(alice, 'lockedAmulet');
    expect(locked).toBeDefined();
    await net.advance(19n * minuteMicros);
    expect(wallet.contracts.of(alice, 'lockedAmulet')).toHaveLength(1);
    await net.advance(minuteMicros);
    expect(wallet.contracts.of(alice, 'lockedAmulet')).toEqual([]);
    expect(net.amulets(alice)).toContain(units('10.0'));
    expect(
      await net.runner.job('expiries', `expire-lock/${locked?.node.contractId}`),
    ).toMatchObject({
      result: { outcome: 'done' },
    });
  });
});
