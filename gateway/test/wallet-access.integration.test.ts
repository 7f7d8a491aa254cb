import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tapFor } from './validator-apps-fixtures.ts';
import {
  hourMicros,
  nowMicros,
  ok,
  refused,
  startWithUsers,
  type ValidatorNode,
} from './validator-fixtures.ts';

// Who may do what in the wallet API: the token's user acts for its own party only, admin
// operations are the operator's, and malformed requests are refused with `{error}`.

type Amulets = { amulets: Array<{ contract: { contract: { contract_id: string } } }> };

describe('access to wallets through the validator API', () => {
  let net: ValidatorNode;
  let bob: string;
  let carol: string;
  let alicesCoin: string;

  beforeAll(async () => {
    ({ net, bob, carol } = await startWithUsers('alice', 'bob', 'carol'));
    alicesCoin = await tapFor(net, 'alice', '1');
  });
  afterAll(() => net.node.close());

  it('shows each user its own holdings only', async () => {
    const own = await ok<Amulets>(net, '/v0/wallet/amulets', { user: 'alice' });
    expect(own.amulets.map((amulet) => amulet.contract.contract.contract_id)).toEqual([alicesCoin]);
    const others = await ok<Amulets>(net, '/v0/wallet/amulets', { user: 'bob' });
    expect(others.amulets).toEqual([]);
  });

  it('does not let a user move another user’s coin (403)', async () => {
    const expiresAt = (await nowMicros(net)) + hourMicros;
    const offered = await ok<{ offer_contract_id: string }>(net, '/v0/wallet/transfer-offers', {
      user: 'alice',
      body: {
        receiver_party_id: carol,
        amount: '5',
        description: 'for carol',
        expires_at: expiresAt,
        tracking_id: 'to-carol',
      },
    });
    const offer = `/v0/wallet/transfer-offers/${offered.offer_contract_id}`;
    await refused(net, `${offer}/accept`, { user: 'bob', method: 'POST' }, { status: 403 });
    await refused(net, `${offer}/withdraw`, { user: 'bob', method: 'POST' }, { status: 403 });
    const pending = await ok<{ output: { transfer_instruction_cid: string } }>(
      net,
      '/v0/wallet/token-standard/transfers',
      {
        user: 'alice',
        body: {
          receiver_party_id: carol,
          amount: '5',
          description: 'for carol',
          expires_at: expiresAt,
          tracking_id: 'ts-carol',
        },
      },
    );
    const transfer = `/v0/wallet/token-standard/transfers/${pending.output.transfer_instruction_cid}`;
    for (const action of ['accept', 'reject', 'withdraw']) {
      await refused(net, `${transfer}/${action}`, { user: 'bob', method: 'POST' }, { status: 403 });
    }
    const balance = await ok(net, '/v0/wallet/balance', { user: 'alice' });
    expect(balance).toMatchObject({
      effective_unlocked_qty: '195.0000000000',
      effective_locked_qty: '5.0000000000',
    });
  });

  it('keeps admin reads of other users’ parties for the operator (403)', async () => {
    await refused(
      net,
      `/v0/admin/transfer-preapprovals/by-party/${bob}`,
      { user: 'alice' },
      {
        status: 403,
      },
    );
    await refused(net, '/v0/admin/transfer-preapprovals', { user: 'carol' }, { status: 403 });
    await refused(
      net,
      '/v0/admin/users/offboard?username=bob',
      { user: 'alice', method: 'POST' },
      {
        status: 403,
      },
    );
  });

  it('answers 401 without a token and 404 for a user without a wallet', async () => {
    await refused(net, '/v0/wallet/balance', { user: null }, { status: 401 });
    await refused(net, '/v0/wallet/balance', { user: 'nobody' }, { status: 404 });
    await net.node.call('/v2/users', { body: { user: { id: 'walletless' } } });
    await refused(net, '/v0/wallet/balance', { user: 'walletless' }, { status: 404 });
  });

  it('refuses malformed requests with 400 {error}', async () => {
    await refused(
      net,
      '/v0/wallet/tap',
      { user: 'alice', body: { amount: 'lots' } },
      { status: 400 },
    );
    await refused(net, '/v0/wallet/tap', { user: 'alice', body: {} }, { status: 400 });
    await refused(
      net,
      '/v0/wallet/transactions',
      { user: 'alice', body: { page_size: 0 } },
      {
        status: 400,
      },
    );
    const response = await fetch(`${net.node.url}/api/validator/v0/wallet/tap`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await net.node.token('alice')}` },
      body: '{"amount": ',
    });
    expect(response.status).toBe(400);
    expect(Object.keys(await response.json())).toEqual(['error']);
    const unknown = await net.node.call('/api/validator/v0/wallet/nothing-here', { user: 'alice' });
    expect(unknown.status).toBe(404);
    expect(Object.keys(await unknown.json())).toEqual(['error']);
  });
});
