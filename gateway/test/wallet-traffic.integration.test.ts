import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanOk } from './scan-network-fixtures.ts';
import { tapFor } from './validator-apps-fixtures.ts';
import {
  balanceOf,
  hourMicros,
  nowMicros,
  ok,
  refused,
  startWithUsers,
  type ValidatorNode,
} from './validator-fixtures.ts';

// Buying traffic for a validator through the wallet API: the user's request is tracked by its
// id from the request's actor; the wallet automation's purchase (run here through the wallet
// service, as no automation runs in this node) pays with the user's amulet.

describe('traffic purchases through the wallet API', () => {
  let net: ValidatorNode;
  let synchronizerId: string;
  let alice: string;

  beforeAll(async () => {
    ({ net, alice } = await startWithUsers('alice'));
    synchronizerId = net.node.node.identity.synchronizerId;
    await tapFor(net, 'alice', '20');
  });
  afterAll(() => net.node.close());

  const request = async (trackingId: string, overrides: Record<string, unknown> = {}) => ({
    receiving_validator_party_id: net.operator,
    domain_id: synchronizerId,
    traffic_amount: 1_000_000,
    tracking_id: trackingId,
    expires_at: (await nowMicros(net)) + hourMicros,
    ...overrides,
  });
  const status = (trackingId: string) =>
    ok(net, `/v0/wallet/buy-traffic-requests/${trackingId}/status`, {
      user: 'alice',
      method: 'POST',
    });

  it('is requested, then completed with the user’s amulet, as its status tells', async () => {
    const created = await ok<{ request_contract_id: string }>(
      net,
      '/v0/wallet/buy-traffic-requests',
      {
        user: 'alice',
        body: await request('tr-1'),
      },
    );
    expect(await status('tr-1')).toEqual({ status: 'created' });
    const { record } = await net.node.node.wallet.traffic.complete(created.request_contract_id);
    expect(await status('tr-1')).toEqual({ status: 'completed', transaction_id: record.updateId });
    // Scan shows the traffic bought for this participant, under its member id (PAR::…).
    const member = `PAR::${net.node.node.identity.participantId}`;
    const traffic = await scanOk<{ traffic_status: { target: { total_purchased: number } } }>(
      net.node,
      `/v0/domains/${synchronizerId}/members/${member}/traffic-status`,
    );
    expect(traffic.traffic_status.target.total_purchased).toBe(1_000_000);
    // 1 MB at 16.67 USD per MB, at 0.005 USD per amulet: 3334 of the 4000 tapped.
    expect(await balanceOf(net, 'alice')).toMatchObject({
      effective_unlocked_qty: '666.0000000000',
    });
    const { items } = await ok<{ items: Array<Record<string, unknown>> }>(
      net,
      '/v0/wallet/transactions',
      { user: 'alice', body: { page_size: 1 } },
    );
    expect(items[0]).toMatchObject({
      transaction_type: 'transfer',
      transaction_subtype: {
        choice: 'AmuletRules_BuyMemberTraffic',
        amulet_operation: 'CO_CompleteBuyTrafficRequest',
      },
      sender: { amount: '-3334.0000000000' },
      receivers: [],
    });
    // The burn earns the buyer a ValidatorRewardCoupon over the amulet spent.
    const coupons = await ok<{ validator_reward_coupons: Array<{ payload: unknown }> }>(
      net,
      '/v0/wallet/validator-reward-coupons',
      { user: 'alice' },
    );
    expect(coupons.validator_reward_coupons.map((coupon) => coupon.payload)).toEqual([
      expect.objectContaining({ user: alice, amount: '3334.0000000000' }),
    ]);
  });

  it('fails a request the wallet cancels, with the reason', async () => {
    const created = await ok<{ request_contract_id: string }>(
      net,
      '/v0/wallet/buy-traffic-requests',
      {
        user: 'alice',
        body: await request('tr-2'),
      },
    );
    await net.node.node.wallet.traffic.cancel(created.request_contract_id, 'insufficient funds');
    expect(await status('tr-2')).toEqual({
      status: 'failed',
      failure_reason: 'rejected',
      rejection_reason: 'insufficient funds',
    });
  });

  it('is rejected by the wallet automation when the wallet cannot pay, with Splice’s reason', async () => {
    // 666 left of alice's coin; 1 MB costs 3334.
    const created = await ok<{ request_contract_id: string }>(
      net,
      '/v0/wallet/buy-traffic-requests',
      { user: 'alice', body: await request('tr-poor') },
    );
    const automation = net.node.node.automation.trafficRequests;
    const outcome = await automation.complete(created.request_contract_id, 'traffic-request/poor');
    expect(outcome).toMatchObject({ outcome: 'done', detail: /^rejected/ });
    expect(await status('tr-poor')).toEqual({
      status: 'failed',
      failure_reason: 'rejected',
      rejection_reason: 'out of funds (missing 2668.0000000000 CC)',
    });
    expect(automation.pending()).not.toContain(created.request_contract_id);
    expect(await balanceOf(net, 'alice')).toMatchObject({
      effective_unlocked_qty: '666.0000000000',
    });
  });

  it('answers a used tracking id with 409, and refuses an unknown domain or validator (400)', async () => {
    const path = '/v0/wallet/buy-traffic-requests';
    await refused(net, path, { user: 'alice', body: await request('tr-1') }, { status: 409 });
    await refused(
      net,
      path,
      { user: 'alice', body: await request('tr-3', { domain_id: 'other::1220ab' }) },
      { status: 400, message: /Could not find participant hosting/ },
    );
    const stranger = `stranger::1220${'0'.repeat(64)}`;
    await refused(
      net,
      path,
      { user: 'alice', body: await request('tr-4', { receiving_validator_party_id: stranger }) },
      { status: 400 },
    );
    await refused(
      net,
      path,
      { user: 'alice', body: await request('tr-5', { traffic_amount: 0 }) },
      { status: 400 },
    );
    await refused(
      net,
      '/v0/wallet/buy-traffic-requests/tr-9/status',
      {
        user: 'alice',
        method: 'POST',
      },
      { status: 404 },
    );
  });

  it('refuses upfront a purchase below the network minimum (400), which could never complete', async () => {
    const path = '/v0/wallet/buy-traffic-requests';
    // AmuletConfig's decentralized synchronizer fees: minTopupAmount is 200 000 bytes.
    await refused(
      net,
      path,
      { user: 'alice', body: await request('tr-small', { traffic_amount: 199_999 }) },
      { status: 400, message: /below the network's minimum top-up amount \(200000 bytes\)/ },
    );
    await refused(
      net,
      '/v0/wallet/buy-traffic-requests/tr-small/status',
      { user: 'alice', method: 'POST' },
      { status: 404 },
    );
    await ok(net, path, {
      user: 'alice',
      body: await request('tr-least', { traffic_amount: 200_000 }),
    });
  });
});
