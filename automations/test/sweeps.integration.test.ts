import { parseNumeric } from '@pocketnet/ledger';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AutomationNode,
  dividedBy,
  onboard,
  startAutomationNode,
  times,
  units,
} from './automation-node.ts';

describe('sweeps through a real node', () => {
  let net: AutomationNode;
  afterEach(() => net.close());

  const parties = { alice: '', bob: '' };
  const start = (options: { useTransferPreapproval: boolean }) =>
    startAutomationNode({
      prepare: async (node) => {
        for (const name of ['alice', 'bob'] as const) parties[name] = await onboard(node, name);
        return {
          walletSweep: {
            [parties.alice]: {
              receiver: parties.bob,
              maxBalanceUSD: '100.0',
              minBalanceUSD: '20.0',
              useTransferPreapproval: options.useTransferPreapproval,
            },
          },
          autoAcceptTransfers: { [parties.bob]: { fromParties: [parties.alice] } },
        };
      },
    });
  const price = () =>
    parseNumeric(String(net.node.wallet.network.openRound().createArgument.amuletPrice));
  const usdOf = (party: string) => times(net.balance(party), price());

  it('moves a balance over the limit down to minBalanceUSD through the receiver’s preapproval', async () => {
    net = await start({ useTransferPreapproval: true });
    await net.tap(null, '50.0');
    await net.node.wallet.preapprovals.createOwn(net.userCaller('bob'));
    await net.tap('alice', '90.0');
    await net.settle();
    expect(net.amulets(parties.bob)).toEqual([]);
    expect(usdOf(parties.alice)).toBe(units('90.0'));

    await net.tap('alice', '30.0');
    await net.settle();
    expect(usdOf(parties.alice)).toBeLessThanOrEqual(units('20.0'));
    expect(usdOf(parties.alice)).toBeGreaterThan(units('19.0'));
    expect(net.balance(parties.bob)).toBe(dividedBy(units('100.0'), price()));
    const sweeps = await net.runner.list('transfer-offers', 'completed', 10);
    expect(
      sweeps.filter((job) => job.name === 'sweep' && job.result?.outcome === 'done'),
    ).toHaveLength(1);
  });

  it('sweeps with a transfer offer that the receiver accepts and the sender completes', async () => {
    net = await start({ useTransferPreapproval: false });
    await net.tap('alice', '250.0');
    await net.settle();
    expect(usdOf(parties.alice)).toBeLessThanOrEqual(units('20.0'));
    expect(usdOf(parties.alice)).toBeGreaterThan(units('19.0'));
    expect(net.balance(parties.bob)).toBe(dividedBy(units('230.0'), price()));
    const names = (await net.runner.list('transfer-offers', 'completed', 10)).map(
      (job) => job.name,
    );
    expect(names.sort()).toEqual(['accept-offer', 'complete-offer', 'sweep']);
  });
});
