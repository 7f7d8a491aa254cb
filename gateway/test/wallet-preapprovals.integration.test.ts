import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tapFor } from './validator-apps-fixtures.ts';
import {
  balanceOf,
  ok,
  refused,
  startWithUsers,
  type ValidatorNode,
  validator,
} from './validator-fixtures.ts';

// One-step transfers: a user has its validator create its TransferPreapproval, senders pay into
// it without an offer, and the preapproval's featured provider earns the AppRewardCoupon the
// seed describes; the operator administers the preapprovals it provides.

const scale = 10n ** 10n;
const units = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * scale + BigInt(fraction.padEnd(10, '0').slice(0, 10));
};
const decimal = (value: bigint) =>
  `${value / scale}.${(value % scale).toString().padStart(10, '0')}`;

describe('transfer preapprovals through the wallet API', () => {
  let net: ValidatorNode;
  let alice: string;
  let bob: string;
  let preapproval: string;

  beforeAll(async () => {
    ({ net, alice, bob } = await startWithUsers('alice', 'bob'));
    await tapFor(net, 'alice', '1');
  });
  afterAll(() => net.node.close());

  it('creates the user’s own preapproval once; asking again answers 409 with the same one', async () => {
    const created = await validator<{ transfer_preapproval_contract_id: string }>(
      net,
      '/v0/wallet/transfer-preapproval',
      { user: 'bob', method: 'POST' },
    );
    expect(created.status).toBe(200);
    preapproval = created.body.transfer_preapproval_contract_id;
    const again = await validator<{ transfer_preapproval_contract_id: string }>(
      net,
      '/v0/wallet/transfer-preapproval',
      { user: 'bob', method: 'POST' },
    );
    expect(again).toEqual({ status: 409, body: { transfer_preapproval_contract_id: preapproval } });
    const found = await ok<{
      transfer_preapproval: { contract: { contract_id: string; payload: unknown } };
    }>(net, `/v0/admin/transfer-preapprovals/by-party/${bob}`, { user: 'administrator' });
    expect(found.transfer_preapproval.contract.contract_id).toBe(preapproval);
    expect(found.transfer_preapproval.contract.payload).toMatchObject({
      receiver: bob,
      provider: net.operator,
      dso: net.dso,
    });
    const listed = await ok<{ contracts: Array<{ contract: { contract_id: string } }> }>(
      net,
      '/v0/admin/transfer-preapprovals',
      { user: 'administrator' },
    );
    expect(listed.contracts.map((entry) => entry.contract.contract_id)).toEqual([preapproval]);
  });

  it('pays the receiver in one step, and the featured provider gets the seed’s AppRewardCoupon', async () => {
    const round = net.node.node.wallet.network.openRound().createArgument as {
      amuletPrice: string;
      transferConfigUsd: { extraFeaturedAppRewardAmount: string };
    };
    const answer = await validator(net, '/v0/wallet/transfer-preapproval/send', {
      user: 'alice',
      body: { receiver_party_id: bob, amount: '40', deduplication_id: 'd-1', description: 'rent' },
    });
    expect(answer).toEqual({ status: 200, body: undefined });
    expect(await balanceOf(net, 'alice')).toMatchObject({
      effective_unlocked_qty: '160.0000000000',
    });
    expect(await balanceOf(net, 'bob')).toMatchObject({ effective_unlocked_qty: '40.0000000000' });
    // splice-amulet 0.1.20's transfer leaves the featured provider an activity marker, which the
    // DSO's automation turns into an AppRewardCoupon of featuredAppActivityMarkerAmount (USD) /
    // amuletPrice (USD per amulet) as the round ticks.
    const coupons = async () =>
      (
        await ok<{ app_reward_coupons: Array<{ payload: unknown }> }>(
          net,
          '/v0/wallet/app-reward-coupons',
          { user: 'administrator' },
        )
      ).app_reward_coupons.map((coupon) => coupon.payload);
    expect(await coupons()).toEqual([]);
    await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 600 } });
    const expected =
      (units(round.transferConfigUsd.extraFeaturedAppRewardAmount) * scale) /
      units(round.amuletPrice);
    expect(decimal(expected)).toBe('200.0000000000');
    expect(await coupons()).toEqual([
      expect.objectContaining({
        dso: net.dso,
        provider: net.operator,
        featured: true,
        amount: decimal(expected),
      }),
    ]);
    const { items } = await ok<{ items: Array<Record<string, unknown>> }>(
      net,
      '/v0/wallet/transactions',
      { user: 'bob', body: { page_size: 1 } },
    );
    expect(items[0]).toMatchObject({
      transaction_type: 'transfer',
      transaction_subtype: {
        choice: 'TransferPreapproval_Send',
        amulet_operation: 'CO_TransferPreapprovalSend',
      },
      sender: { party: alice, amount: '-40.0000000000' },
      receivers: [{ party: bob, amount: '40.0000000000' }],
      description: 'rent',
    });
  });

  it('completes a token-standard transfer in one step when the receiver has a preapproval', async () => {
    const now = Number(
      ((await (await net.node.call('/api/devnet/v0/time')).json()) as { now_micros: string })
        .now_micros,
    );
    const outcome = await ok<{ output: { receiver_holding_cids?: string[] } }>(
      net,
      '/v0/wallet/token-standard/transfers',
      {
        user: 'alice',
        body: {
          receiver_party_id: bob,
          amount: '10',
          description: 'direct',
          expires_at: now + 3_600_000_000,
          tracking_id: 'direct-1',
        },
      },
    );
    expect(outcome.output.receiver_holding_cids).toHaveLength(1);
    expect(await balanceOf(net, 'alice')).toMatchObject({
      effective_unlocked_qty: '150.0000000000',
      effective_locked_qty: '0.0000000000',
    });
    expect(await balanceOf(net, 'bob')).toMatchObject({ effective_unlocked_qty: '50.0000000000' });
    // Both histories show the one-step transfer, with what it moved.
    for (const user of ['alice', 'bob']) {
      const { items } = await ok<{
        items: Array<{
          transaction_subtype: { choice: string };
          sender?: { party: string; amount: string };
          receivers?: Array<{ party: string; amount: string }>;
        }>;
      }>(net, '/v0/wallet/transactions', { user, body: { page_size: 10 } });
      expect(items[0]).toMatchObject({
        transaction_subtype: { choice: 'TransferFactory_Transfer' },
        sender: { party: alice, amount: '-10.0000000000' },
        receivers: [{ party: bob, amount: '10.0000000000' }],
      });
    }
    const featured = async () =>
      (
        await ok<{ app_reward_coupons: Array<{ payload: { featured: boolean } }> }>(
          net,
          '/v0/wallet/app-reward-coupons',
          { user: 'administrator' },
        )
      ).app_reward_coupons.map((coupon) => coupon.payload.featured);
    // The registry's path is Splice's TransferPreapproval_SendV2: the featured provider gets an
    // activity marker too (beside the one-step send's converted coupon), which the DSO's
    // automation turns into an AppRewardCoupon as the round ticks.
    expect(await featured()).toEqual([true]);
    await net.node.call('/api/devnet/v0/time/advance', { body: { seconds: 600 } });
    expect(await featured()).toEqual([true, true]);
  });

  it('sends once per deduplication id (409), and refuses a receiver without a preapproval (400)', async () => {
    const path = '/v0/wallet/transfer-preapproval/send';
    const body = { receiver_party_id: bob, amount: '40', deduplication_id: 'd-1' };
    await refused(net, path, { user: 'alice', body }, { status: 409 });
    await refused(
      net,
      path,
      { user: 'bob', body: { ...body, receiver_party_id: alice, deduplication_id: 'd-2' } },
      { status: 400, message: /does not have a TransferPreapproval/ },
    );
    expect(await balanceOf(net, 'alice')).toMatchObject({
      effective_unlocked_qty: '150.0000000000',
    });
  });

  it('keeps preapproval administration for the operator, who may cancel one', async () => {
    const path = `/v0/admin/transfer-preapprovals/by-party/${bob}`;
    await refused(net, path, { user: 'alice' }, { status: 403 });
    await refused(net, path, { user: 'alice', method: 'DELETE' }, { status: 403 });
    const cancelled = await validator(net, path, { user: 'administrator', method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    await refused(net, path, { user: 'administrator' }, { status: 404 });
    await refused(
      net,
      '/v0/wallet/transfer-preapproval/send',
      { user: 'alice', body: { receiver_party_id: bob, amount: '1', deduplication_id: 'd-3' } },
      { status: 400 },
    );
  });
});
