import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tapFor } from './validator-apps-fixtures.ts';
import {
  ok,
  onboard,
  refused,
  startValidatorNode,
  type ValidatorNode,
} from './validator-fixtures.ts';

// The rest of the wallet API beside payments: a user features itself on the devnet and gives
// the right up, locks amulet for a settlement leg and withdraws it, sees its development fund
// coupons (only the fund manager may grant them) and faucet coupons; the operator reads its
// node's identity and synchronizer connection.

const hourMicros = 3_600_000_000;

type Contract = { contract_id: string; payload: Record<string, unknown> };
type Status = { has_featured_app_right: boolean };

describe('featured apps, allocations and the operator’s dumps through the validator API', () => {
  let net: ValidatorNode;
  let alice: string;
  let bob: string;

  const nowMicros = async () =>
    Number(
      ((await (await net.node.call('/api/devnet/v0/time')).json()) as { now_micros: string })
        .now_micros,
    );
  const unlocked = async (user: string) =>
    Number(
      (await ok<{ effective_unlocked_qty: string }>(net, '/v0/wallet/balance', { user }))
        .effective_unlocked_qty,
    );

  beforeAll(async () => {
    net = await startValidatorNode();
    alice = await onboard(net, 'alice');
    bob = await onboard(net, 'bob');
    await tapFor(net, 'alice', '1');
  });
  afterAll(() => net.node.close());

  it('grants a user its own featured app right on the devnet, once, and cancels it', async () => {
    const status = () => ok<Status>(net, '/v0/wallet/user-status', { user: 'alice' });
    expect((await status()).has_featured_app_right).toBe(false);
    const granted = await ok<{ contract_id: string }>(
      net,
      '/v0/wallet/self-grant-feature-app-right',
      { user: 'alice', method: 'POST' },
    );
    expect((await status()).has_featured_app_right).toBe(true);
    const again = await ok<{ contract_id: string }>(
      net,
      '/v0/wallet/self-grant-feature-app-right',
      { user: 'alice', body: {} },
    );
    expect(again.contract_id).toBe(granted.contract_id);
    const scan = await ok<{ featured_app_right?: Contract }>(
      net,
      `/v0/scan-proxy/featured-apps/${alice}`,
      { user: 'bob' },
    );
    expect(scan.featured_app_right?.contract_id).toBe(granted.contract_id);
    await ok(net, '/v0/wallet/cancel-featured-app-rights', { user: 'alice', method: 'DELETE' });
    expect((await status()).has_featured_app_right).toBe(false);
    expect(await ok(net, `/v0/scan-proxy/featured-apps/${alice}`, { user: 'bob' })).toEqual({});
  });

  it('allocates amulet for a settlement leg and withdraws it as the sender only', async () => {
    const now = await nowMicros();
    const before = await unlocked('alice');
    const request = {
      settlement: {
        executor: net.operator,
        settlement_ref: { id: 'trade-1' },
        requested_at: now,
        allocate_before: now + hourMicros,
        settle_before: now + 2 * hourMicros,
      },
      transfer_leg_id: 'leg-0',
      transfer_leg: { receiver: bob, amount: '50.0' },
    };
    const allocated = await ok<{ output: { allocation_cid?: string } }>(net, '/v0/allocations', {
      user: 'alice',
      body: request,
    });
    const allocation = allocated.output.allocation_cid ?? '';
    expect(before - (await unlocked('alice'))).toBeCloseTo(50, 6);
    const listed = await ok<{ allocations: Array<{ contract: Contract }> }>(
      net,
      '/v0/allocations',
      { user: 'alice' },
    );
    expect(listed.allocations.map((item) => item.contract.contract_id)).toEqual([allocation]);
    expect(listed.allocations[0]?.contract.payload).toMatchObject({
      allocation: { transferLegId: 'leg-0', transferLeg: { sender: alice, receiver: bob } },
    });
    expect(
      (await ok<{ allocations: unknown[] }>(net, '/v0/allocations', { user: 'bob' })).allocations,
    ).toEqual([]);
    const withdraw = `/v0/allocations/${allocation}/withdraw`;
    await refused(net, withdraw, { user: 'bob', method: 'POST' }, { status: 403 });
    const withdrawn = await ok<{ sender_holding_cids: string[] }>(net, withdraw, {
      user: 'alice',
      method: 'POST',
    });
    expect(withdrawn.sender_holding_cids).toHaveLength(1);
    expect(await unlocked('alice')).toBeCloseTo(before, 6);
    await refused(net, withdraw, { user: 'alice', method: 'POST' }, { status: 404 });
    const invalid = { ...request, transfer_leg: { receiver: bob, amount: '-1' } };
    await refused(net, '/v0/allocations', { user: 'alice', body: invalid }, { status: 400 });
  });

  it('has no allocation requests, as no package here implements them', async () => {
    const requests = await ok<{ allocation_requests: unknown[] }>(
      net,
      '/v0/wallet/token-standard/allocation-requests',
      { user: 'alice' },
    );
    expect(requests.allocation_requests).toEqual([]);
    await refused(
      net,
      '/v0/wallet/token-standard/allocation-requests/00abc/reject',
      { user: 'alice', method: 'POST' },
      { status: 404 },
    );
  });

  it('lists development fund and faucet coupons; only the fund manager may grant', async () => {
    const active = await ok<{ active_development_fund_coupons: unknown[] }>(
      net,
      '/v0/wallet/development-fund-coupons',
      { user: 'alice' },
    );
    expect(active.active_development_fund_coupons).toEqual([]);
    const history = await ok<{ development_fund_coupon_history: unknown[] }>(
      net,
      '/v0/wallet/development-fund-coupons/history?limit=10',
      { user: 'alice' },
    );
    expect(history.development_fund_coupon_history).toEqual([]);
    await refused(
      net,
      '/v0/wallet/development-fund-coupons/history',
      { user: 'alice' },
      { status: 400 },
    );
    const grant = { beneficiary: bob, amount: '10.0', expiresAt: await nowMicros(), reason: 'x' };
    const refusal = await refused(
      net,
      '/v0/wallet/development-fund-coupons/allocate',
      { user: 'alice', body: grant },
      { status: 403 },
    );
    expect(refusal).toMatch(/development fund manager/);
    await refused(
      net,
      '/v0/wallet/development-fund-coupons/00abc/withdraw',
      { user: 'alice', body: { reason: 'x' } },
      { status: 404 },
    );
    const faucets = await ok<{ validator_faucet_coupons: unknown[] }>(
      net,
      '/v0/wallet/validator-faucet-coupons',
      { user: 'administrator' },
    );
    expect(faucets.validator_faucet_coupons).toEqual([]);
  });

  it('gives the operator, and nobody else, its node identity and connection', async () => {
    const identities = await ok<{ id: string; keys: unknown[] }>(
      net,
      '/v0/admin/participant/identities',
      { user: 'administrator' },
    );
    expect(identities.id).toBe(net.node.node.identity.participantId);
    expect(identities.keys).toHaveLength(1);
    const config = await ok<{ sequencer_connections: { connections: unknown[] } }>(
      net,
      '/v0/admin/participant/global-domain-connection-config',
      { user: 'administrator' },
    );
    expect(config.sequencer_connections.connections).toHaveLength(1);
    for (const path of [
      '/v0/admin/participant/identities',
      '/v0/admin/participant/global-domain-connection-config',
    ]) {
      await refused(net, path, { user: 'alice' }, { status: 403 });
    }
  });
});
