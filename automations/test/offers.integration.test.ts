import { afterEach, describe, expect, it } from 'vitest';
import {
  type AutomationNode,
  onboard,
  startAutomationNode,
  tickMicros,
  units,
} from './automation-node.ts';
import { testRunners } from './test-runners.ts';

describe.each(testRunners)(
  'auto-accept and offer completion through a real node (%s)',
  (_label, runnerOf) => {
    let net: AutomationNode;
    let cleanup = async () => {};
    afterEach(async () => {
      await net.close();
      await cleanup();
    });

    const parties = { alice: '', bob: '', carol: '' };
    const start = () => {
      const { runner, cleanup: remove } = runnerOf();
      cleanup = remove;
      return startAutomationNode({
        runner,
        prepare: async (node) => {
          for (const name of ['alice', 'bob', 'carol'] as const)
            parties[name] = await onboard(node, name);
          return { autoAcceptTransfers: { [parties.bob]: { fromParties: [parties.alice] } } };
        },
      });
    };
    const offer = (from: 'alice' | 'carol', trackingId: string) =>
      net.node.wallet.offers.create(net.userCaller(from), {
        receiver: parties.bob,
        amount: '25.0',
        description: 'for bob',
        expiresAtMicros: net.node.clock.nowMicros() + tickMicros * 100n,
        trackingId,
      });

    it('accepts an offer from a configured sender, and the sender’s wallet completes it', async () => {
      net = await start();
      await net.tap('alice', '100.0');
      const { offerContractId } = await offer('alice', 'to-bob-1');
      await net.automations.settled();
      await net.settle();
      expect(net.node.wallet.contracts.get(offerContractId)).toBeUndefined();
      expect(net.amulets(parties.bob)).toEqual([units('25.0')]);
      const jobs = await net.runner.list('transfer-offers', 'completed', 10);
      expect(jobs.map((job) => [job.name, job.result?.outcome]).sort()).toEqual([
        ['accept-offer', 'done'],
        ['complete-offer', 'done'],
      ]);
    });

    it('completes an accepted offer the sender could not pay once its holdings change', async () => {
      net = await start();
      await net.tap('alice', '0.05'); // 10 CC, for an offer of 25
      const { offerContractId } = await offer('alice', 'unpaid-then-paid');
      await net.settle();
      const status = () =>
        net.node.wallet.offers.status(net.userCaller('alice'), 'unpaid-then-paid');
      expect(status()).toMatchObject({ status: 'accepted' });
      const [first] = await net.runner
        .list('transfer-offers', 'completed', 10)
        .then((jobs) => jobs.filter((job) => job.name === 'complete-offer'));
      expect(first?.result).toMatchObject({
        outcome: 'noop',
        awaitingFunds: 'out of funds (missing 15.0000000000 CC)',
      });
      expect(net.node.wallet.contracts.get(offerContractId)).toBeUndefined();
      // New holdings: the completion is tried again, and pays.
      await net.tap('alice', '1.0');
      await net.settle();
      expect(status()).toMatchObject({ status: 'completed' });
      expect(net.amulets(parties.bob)).toEqual([units('25.0')]);
      expect(await net.runner.counts('transfer-offers')).toMatchObject({ failed: 0 });
    });

    it('ends an accepted offer the sender never could pay as expired', async () => {
      net = await start();
      await net.tap('alice', '0.05');
      await offer('alice', 'never-paid');
      await net.settle();
      const status = () => net.node.wallet.offers.status(net.userCaller('alice'), 'never-paid');
      expect(status()).toMatchObject({ status: 'accepted' });
      await net.advance(tickMicros * 101n);
      expect(status()).toEqual({ status: 'failed', failureKind: 'expired' });
      expect(net.node.wallet.contracts.of(parties.alice, 'acceptedTransferOffer')).toEqual([]);
    });

    it('leaves an offer from a sender that is not configured open', async () => {
      net = await start();
      await net.tap('carol', '100.0');
      const { offerContractId } = await offer('carol', 'from-carol');
      await net.settle();
      expect(net.node.wallet.contracts.get(offerContractId)?.kind).toBe('transferOffer');
      expect(net.amulets(parties.bob)).toEqual([]);
    });

    it('expires an open offer once its time has passed', async () => {
      net = await start();
      await net.tap('carol', '100.0');
      const { offerContractId } = await offer('carol', 'expiring');
      await net.advance(tickMicros * 101n);
      expect(net.node.wallet.contracts.get(offerContractId)).toBeUndefined();
      const [expired] = await net.runner.list('expiries', 'completed', 10);
      expect(expired).toMatchObject({
        id: `expire-offer/${offerContractId}`,
        result: { outcome: 'done' },
      });
    });
  },
);
