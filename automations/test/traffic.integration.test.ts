import { afterEach, describe, expect, it } from 'vitest';
import {
  type AutomationNode,
  onboard,
  startAutomationNode,
  tickMicros,
} from './automation-node.ts';

const minuteMicros = 60_000_000n;

describe('traffic through a real node', () => {
  let net: AutomationNode;
  afterEach(() => net.close());

  const topups = async () =>
    (await net.runner.list('traffic', 'completed', 100)).filter(
      (job) => job.name === 'top-up-traffic' && job.result?.outcome === 'done',
    );

  it('tops the traffic up (tapping first on a devnet), at most once per minTopupInterval', async () => {
    net = await startAutomationNode({
      config: { topup: { targetThroughput: 1000, minTopupInterval: '10m' } },
    });
    const traffic = () => net.node.automation.traffic.status();
    expect(traffic().purchased).toBe(0n);
    await net.settle();
    // 1000 B/s over 10 minutes: 600 000 bytes, bought with coin the operator tapped.
    expect(traffic().purchased).toBe(600_000n);
    expect(traffic().remaining).toBeGreaterThan(0n);
    expect((await topups())[0]?.result?.detail).toMatch(/tapped first/);

    // Spending traffic does not buy more before the interval is over ...
    for (let tap = 0; tap < 20; tap++) await net.tap(null, '1.0');
    await net.advance(minuteMicros * 9n);
    expect(traffic().purchased).toBe(600_000n);
    // ... and once it is, the balance is topped up again.
    await net.advance(minuteMicros);
    expect(traffic().purchased).toBe(1_200_000n);
    // With the balance above what the target needs, nothing more is bought ...
    expect(traffic().remaining).toBeGreaterThanOrEqual(600_000n);
    await net.advance(minuteMicros * 30n);
    expect(await topups()).toHaveLength(2);
    // ... until traffic is spent again.
    while (traffic().remaining >= 600_000n) await net.tap(null, '1.0');
    await net.settle();
    expect(await topups()).toHaveLength(3);
    expect(traffic().remaining).toBeGreaterThanOrEqual(600_000n);
    const purchases = net.node.wallet.contracts
      .of(net.operator(), 'topUpState')
      .map((state) => state.node.createArgument.lastPurchasedAt);
    expect(purchases).toHaveLength(1);
  });

  it('does nothing without a top-up configuration', async () => {
    net = await startAutomationNode();
    await net.advance(tickMicros);
    expect(net.node.automation.traffic.status().purchased).toBe(0n);
    expect(await net.runner.counts('traffic')).toMatchObject({ completed: 0, failed: 0 });
  });

  it('completes a wallet user’s traffic request with the user’s coin', async () => {
    let alice = '';
    net = await startAutomationNode({
      prepare: async (node) => {
        alice = await onboard(node, 'alice');
        return {};
      },
    });
    await net.tap('alice', '100.0');
    const before = net.balance(alice);
    const { requestContractId } = await net.node.wallet.traffic.create(net.userCaller('alice'), {
      receivingValidatorParty: alice,
      synchronizerId: net.node.identity.synchronizerId,
      trafficAmount: 1_000_000n,
      trackingId: 'traffic-1',
      expiresAtMicros: net.node.clock.nowMicros() + tickMicros,
    });
    await net.automations.settled();
    expect(net.node.wallet.contracts.get(requestContractId)).toBeUndefined();
    expect(net.node.automation.traffic.status().purchased).toBe(1_000_000n);
    expect(net.balance(alice)).toBeLessThan(before);
    const [job] = await net.runner.list('traffic', 'completed', 10);
    expect(job).toMatchObject({
      id: `traffic-request/${requestContractId}`,
      result: { outcome: 'done' },
    });
  });

  it('rejects a request the user cannot afford, with the reason, and spends nothing', async () => {
    let alice = '';
    net = await startAutomationNode({
      prepare: async (node) => {
        alice = await onboard(node, 'alice');
        return {};
      },
    });
    await net.tap('alice', '1.0'); // 200 CC; 1 MB costs 3,334
    await net.node.wallet.traffic.create(net.userCaller('alice'), {
      receivingValidatorParty: alice,
      synchronizerId: net.node.identity.synchronizerId,
      trafficAmount: 1_000_000n,
      trackingId: 'too-dear',
      expiresAtMicros: net.node.clock.nowMicros() + tickMicros,
    });
    await net.automations.settled();
    expect(net.node.wallet.traffic.status(net.userCaller('alice'), 'too-dear')).toEqual({
      status: 'failed',
      failureReason: 'rejected',
      rejectionReason: 'out of funds (missing 3134.0000000000 CC)',
    });
    const [job] = await net.runner.list('traffic', 'completed', 10);
    expect(job?.result).toMatchObject({ outcome: 'done', detail: /^rejected/ });
    expect(await net.runner.counts('traffic')).toMatchObject({ failed: 0 });
    expect(net.node.automation.traffic.status().purchased).toBe(0n);
  });
});
