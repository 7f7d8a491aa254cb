import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  hourMicros,
  nowMicros,
  ok,
  refused,
  startWithUsers,
  type ValidatorNode,
  validator,
} from './validator-fixtures.ts';

// The legacy wallet transfer, end to end over /api/validator: two users onboard, one taps and
// offers, the other accepts, the sender's wallet completes, both histories show every step.

type Item = {
  transaction_type: string;
  transaction_subtype: { template_id: string; choice: string; amulet_operation?: string };
  event_id: string;
  sender?: { party: string; amount: string };
  receivers?: Array<{ party: string; amount: string }>;
  details?: string;
};

describe('a transfer offer through the wallet API', () => {
  let net: ValidatorNode;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    ({ net, alice, bob } = await startWithUsers('alice', 'bob'));
  });
  afterAll(() => net.node.close());

  const offer = async (trackingId: string, amount = '50.0') => {
    const body = {
      receiver_party_id: bob,
      amount,
      description: `lunch ${trackingId}`,
      expires_at: (await nowMicros(net)) + hourMicros,
      tracking_id: trackingId,
    };
    return ok<{ offer_contract_id: string }>(net, '/v0/wallet/transfer-offers', {
      user: 'alice',
      body,
    });
  };
  const status = (user: string, trackingId: string) =>
    ok(net, `/v0/wallet/transfer-offers/${trackingId}/status`, { user, method: 'POST' });
  const history = (user: string, body: Record<string, unknown> = { page_size: 100 }) =>
    ok<{ items: Item[] }>(net, '/v0/wallet/transactions', { user, body });

  it('taps USD worth of amulet at the open round’s price', async () => {
    const tapped = await ok<{ contract_id: string }>(net, '/v0/wallet/tap', {
      user: 'alice',
      body: { amount: '1.0' },
    });
    expect(tapped.contract_id).toMatch(/^00[0-9a-f]+$/);
    // 1 USD at 0.005 USD per amulet.
    expect(await balanceOf(net, 'alice')).toMatchObject({
      effective_unlocked_qty: '200.0000000000',
      effective_locked_qty: '0.0000000000',
    });
    const { amulets } = await ok<{
      amulets: Array<{ contract: { contract: { contract_id: string } } }>;
    }>(net, '/v0/wallet/amulets', { user: 'alice' });
    expect(amulets.map((amulet) => amulet.contract.contract.contract_id)).toEqual([
      tapped.contract_id,
    ]);
  });

  it('is offered, accepted, completed by the sender’s wallet, and tracked by its id', async () => {
    const { offer_contract_id: offerId } = await offer('offer-1');
    expect(await status('alice', 'offer-1')).toMatchObject({
      status: 'created',
      contract_id: offerId,
    });
    const listed = await ok<{ offers: Array<{ contract_id: string }> }>(
      net,
      '/v0/wallet/transfer-offers',
      { user: 'bob' },
    );
    expect(listed.offers.map((contract) => contract.contract_id)).toEqual([offerId]);
    const accepted = await ok<{ accepted_offer_contract_id: string }>(
      net,
      `/v0/wallet/transfer-offers/${offerId}/accept`,
      { user: 'bob', method: 'POST' },
    );
    expect(await status('alice', 'offer-1')).toMatchObject({
      status: 'accepted',
      contract_id: accepted.accepted_offer_contract_id,
    });
    const waiting = await ok<{ accepted_offers: Array<{ contract_id: string }> }>(
      net,
      '/v0/wallet/accepted-transfer-offers',
      { user: 'alice' },
    );
    expect(waiting.accepted_offers.map((contract) => contract.contract_id)).toEqual([
      accepted.accepted_offer_contract_id,
    ]);
    // Splice completes accepted offers in the sender's wallet automation; no automation runs
    // in this test node, so the test runs that step itself, through the wallet's service.
    await net.node.node.wallet.offers.completeAccepted(accepted.accepted_offer_contract_id);
    const completed = await status('bob', 'offer-1');
    expect(completed).toMatchObject({ status: 'completed' });
    expect(await balanceOf(net, 'alice')).toMatchObject({
      effective_unlocked_qty: '150.0000000000',
    });
    expect(await balanceOf(net, 'bob')).toMatchObject({ effective_unlocked_qty: '50.0000000000' });
    const bobs = await ok<{ amulets: Array<{ contract: { contract: { contract_id: string } } }> }>(
      net,
      '/v0/wallet/amulets',
      { user: 'bob' },
    );
    expect(bobs.amulets.map((amulet) => amulet.contract.contract.contract_id)).toEqual([
      (completed as { contract_id: string }).contract_id,
    ]);
  });

  it('shows the offer’s every step in both wallets’ histories, newest first', async () => {
    const senders = (await history('alice')).items;
    const transfer = {
      transaction_type: 'transfer',
      transaction_subtype: expect.objectContaining({
        choice: 'AcceptedTransferOffer_Complete',
        amulet_operation: 'CO_CompleteAcceptedTransfer',
      }),
      sender: { party: alice, amount: '-50.0000000000' },
      receivers: [{ party: bob, amount: '50.0000000000' }],
    };
    expect(senders.map((item) => item.transaction_type)).toEqual([
      'transfer',
      'notification',
      'notification',
      'balance_change',
    ]);
    expect(senders[0]).toMatchObject(transfer);
    expect(senders[1]?.details).toMatch(/accepted \(tracking id offer-1\)/);
    expect(senders[2]?.details).toMatch(/of 50\.0000000000 CC from .*\(tracking id offer-1\)/);
    expect(senders[3]).toMatchObject({
      transaction_subtype: expect.objectContaining({ choice: 'AmuletRules_DevNet_Tap' }),
      receivers: [{ party: alice, amount: '200.0000000000' }],
    });
    const receivers = (await history('bob')).items;
    expect(receivers.map((item) => item.event_id)).toEqual(
      senders.slice(0, 3).map((item) => item.event_id),
    );
    expect(receivers[0]).toMatchObject(transfer);
    const firstPage = (await history('alice', { page_size: 2 })).items;
    const next = await history('alice', {
      page_size: 2,
      begin_after_id: firstPage.at(-1)?.event_id,
    });
    expect([...firstPage, ...next.items].map((item) => item.event_id)).toEqual(
      senders.map((item) => item.event_id),
    );
  });

  it('answers a tracking id used before with 409, and creates no second offer', async () => {
    await refused(
      net,
      '/v0/wallet/transfer-offers',
      {
        user: 'alice',
        body: {
          receiver_party_id: bob,
          amount: '1.0',
          description: 'again',
          expires_at: (await nowMicros(net)) + hourMicros,
          tracking_id: 'offer-1',
        },
      },
      { status: 409, message: /offer-1 already exists/ },
    );
    const listed = await ok<{ offers: unknown[] }>(net, '/v0/wallet/transfer-offers', {
      user: 'alice',
    });
    expect(listed.offers).toEqual([]);
  });

  it('creates one offer when the same tracking id arrives twice at once', async () => {
    const body = {
      receiver_party_id: bob,
      amount: '1.0',
      description: 'twice',
      expires_at: (await nowMicros(net)) + hourMicros,
      tracking_id: 'offer-twice',
    };
    const answers = await Promise.all(
      [1, 2].map(() => validator(net, '/v0/wallet/transfer-offers', { user: 'alice', body })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([409, 429]).toContain(statuses[1]);
    const listed = await ok<{ offers: Array<{ payload: { trackingId: string } }> }>(
      net,
      '/v0/wallet/transfer-offers',
      { user: 'bob' },
    );
    const twice = listed.offers.filter((offer) => offer.payload.trackingId === 'offer-twice');
    expect(twice).toHaveLength(1);
    const created = answers.find((answer) => answer.status === 200)?.body;
    const offerId = (created as { offer_contract_id: string } | undefined)?.offer_contract_id;
    await ok(net, `/v0/wallet/transfer-offers/${offerId}/withdraw`, {
      user: 'alice',
      method: 'POST',
    });
  });

  it('fails an offer the receiver rejects, and one the sender withdraws', async () => {
    const rejected = await offer('offer-2');
    await ok(net, `/v0/wallet/transfer-offers/${rejected.offer_contract_id}/reject`, {
      user: 'bob',
      method: 'POST',
    });
    expect(await status('alice', 'offer-2')).toEqual({
      status: 'failed',
      failure_kind: 'rejected',
    });
    const withdrawn = await offer('offer-3');
    await ok(net, `/v0/wallet/transfer-offers/${withdrawn.offer_contract_id}/withdraw`, {
      user: 'alice',
      method: 'POST',
    });
    expect(await status('bob', 'offer-3')).toEqual({
      status: 'failed',
      failure_kind: 'withdrawn',
      withdrawn_reason: 'Withdrawn by sender',
    });
  });

  it('lets only the receiver accept and only the sender withdraw (403), and knows no other ids', async () => {
    const { offer_contract_id: offerId } = await offer('offer-4');
    const path = `/v0/wallet/transfer-offers/${offerId}`;
    await refused(net, `${path}/accept`, { user: 'alice', method: 'POST' }, { status: 403 });
    await refused(net, `${path}/withdraw`, { user: 'bob', method: 'POST' }, { status: 403 });
    await refused(
      net,
      '/v0/wallet/transfer-offers/nope/status',
      { user: 'alice', method: 'POST' },
      {
        status: 404,
      },
    );
    await refused(
      net,
      `/v0/wallet/transfer-offers/${'00'.padEnd(138, 'a')}/accept`,
      {
        user: 'bob',
        method: 'POST',
      },
      { status: 404 },
    );
  });

  it('refuses malformed offers with 400', async () => {
    const good = {
      receiver_party_id: bob,
      amount: '1.0',
      description: 'x',
      expires_at: (await nowMicros(net)) + hourMicros,
      tracking_id: 'bad',
    };
    for (const bad of [
      { ...good, amount: '-1' },
      { ...good, amount: '0' },
      { ...good, receiver_party_id: 'bob' },
      { ...good, expires_at: 'tomorrow' },
      { receiver_party_id: bob },
    ]) {
      await refused(
        net,
        '/v0/wallet/transfer-offers',
        { user: 'alice', body: bad },
        { status: 400 },
      );
    }
  });

  it('refuses an offer whose expiry the node clock has already passed (400), creating nothing', async () => {
    const now = await nowMicros(net);
    const before = await ok<{ offers: unknown[] }>(net, '/v0/wallet/transfer-offers', {
      user: 'alice',
    });
    for (const [trackingId, expiresAt] of [
      ['expired-1', now - hourMicros],
      ['expired-2', now],
    ] as const) {
      await refused(
        net,
        '/v0/wallet/transfer-offers',
        {
          user: 'alice',
          body: {
            receiver_party_id: bob,
            amount: '1.0',
            description: 'too late',
            expires_at: expiresAt,
            tracking_id: trackingId,
          },
        },
        { status: 400, message: /expires_at .* is not in the future/ },
      );
      await refused(
        net,
        `/v0/wallet/transfer-offers/${trackingId}/status`,
        { user: 'alice', method: 'POST' },
        { status: 404 },
      );
    }
    const after = await ok<{ offers: unknown[] }>(net, '/v0/wallet/transfer-offers', {
      user: 'alice',
    });
    expect(after.offers).toHaveLength(before.offers.length);
  });
});
