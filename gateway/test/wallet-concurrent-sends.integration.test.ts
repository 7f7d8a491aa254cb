import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from './splice-fixtures.ts';
import { tapFor } from './validator-apps-fixtures.ts';
import {
  type Answer,
  balanceOf,
  hourMicros,
  nowMicros,
  ok,
  onboard,
  startValidatorNode,
  type ValidatorNode,
  validator,
} from './validator-fixtures.ts';

// Many one-step sends at once from one wallet, as an exchange sends from one hot wallet: the
// wallet's operations are queued over its holdings (Splice's treasury), so every send succeeds
// while funds last and only a real shortage fails, with an insufficient-funds error. Before,
// sends picked holdings another send was consuming: 2 of 20 succeeded, 18 answered 404.

describe('concurrent one-step sends from one wallet', () => {
  let net: ValidatorNode;
  let alice: string;
  let bob: string;
  let dir: string;

  const send = (user: string, receiver: string, amount: string, id: string) =>
    validator<{ error?: string }>(net, '/v0/wallet/transfer-preapproval/send', {
      user,
      body: { receiver_party_id: receiver, amount, deduplication_id: id },
    });
  const sendMany = (count: number, prefix: string) =>
    Promise.all(
      Array.from({ length: count }, (_, index) => send('alice', bob, '1000', `${prefix}-${index}`)),
    );

  /** An offer of alice's to bob, accepted by bob: the accepted offer's id. */
  const acceptedOffer = async (amount: string, trackingId: string) => {
    const { offer_contract_id: offerId } = await ok<{ offer_contract_id: string }>(
      net,
      '/v0/wallet/transfer-offers',
      {
        user: 'alice',
        body: {
          receiver_party_id: bob,
          amount,
          description: trackingId,
          expires_at: (await nowMicros(net)) + hourMicros,
          tracking_id: trackingId,
        },
      },
    );
    const accepted = await ok<{ accepted_offer_contract_id: string }>(
      net,
      `/v0/wallet/transfer-offers/${offerId}/accept`,
      { user: 'bob', method: 'POST' },
    );
    return accepted.accepted_offer_contract_id;
  };

  beforeAll(async () => {
    // A journal on disk, as a node runs: its appends are durable (and seen) a flush later.
    dir = await mkdtemp(join(tmpdir(), 'pocketnet-sends-'));
    net = await startValidatorNode({ dataDir: dir });
    alice = await onboard(net, 'alice');
    bob = await onboard(net, 'bob');
    await onboard(net, 'carol');
    for (const user of ['alice', 'bob']) {
      await ok(net, '/v0/wallet/transfer-preapproval', { user, method: 'POST' });
    }
    // 50,000 CC (250 USD at 0.005 USD per CC), and a wallet that has sent, offered and received.
    await tapFor(net, 'alice', '250');
    await tapFor(net, 'bob', '10');
    expect((await send('alice', bob, '10', 'warm-up')).status).toBe(200);
    expect((await send('bob', alice, '10', 'back')).status).toBe(200);
    const carol = await partyOf('carol');
    await ok(net, '/v0/wallet/transfer-offers', {
      user: 'alice',
      body: {
        receiver_party_id: carol,
        amount: '5',
        description: 'an open offer',
        expires_at: (await nowMicros(net)) + hourMicros,
        tracking_id: 'offer-to-carol',
      },
    });
  });
  afterAll(async () => {
    await net.node.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function partyOf(user: string): Promise<string> {
    const status = await ok<{ party_id: string }>(net, '/v0/wallet/user-status', { user });
    return status.party_id;
  }

  it('sends 20 × 1,000 at once from a wallet holding 50,000: all succeed', async () => {
    const before = units((await balanceOf(net, 'alice')).effective_unlocked_qty);
    const answers = await sendMany(20, 'burst');
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const after = units((await balanceOf(net, 'alice')).effective_unlocked_qty);
    expect(before - after).toBe(units('20000'));
  });

  it('batches operations queued together into shared transactions, each with its outcome', async () => {
    // Bob accepts ten offers of alice's; alice's wallet completes them all at once (the
    // operations the automation's jobs and the wallet's own calls queue carry no deduplication id).
    const offers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => acceptedOffer('100', `batched-${index}`)),
    );
    const before = units((await balanceOf(net, 'alice')).effective_unlocked_qty);
    const completed = await Promise.all(
      offers.map((cid) => net.node.node.wallet.offers.completeAccepted(cid)),
    );
    // Every offer paid, each with its own tracking id; fewer transactions than offers.
    expect(completed.map((done) => done.trackingId).sort()).toEqual(
      Array.from({ length: 10 }, (_, index) => `batched-${index}`).sort(),
    );
    const transactions = new Set(completed.map((done) => done.record.updateId));
    expect(transactions.size).toBeLessThan(10);
    for (let index = 0; index < 10; index += 1) {
      expect(
        await ok(net, `/v0/wallet/transfer-offers/batched-${index}/status`, {
          user: 'alice',
          method: 'POST',
        }),
      ).toMatchObject({ status: 'completed' });
    }
    expect(before - units((await balanceOf(net, 'alice')).effective_unlocked_qty)).toBe(
      units('1000'),
    );
  });

  it('fails only the sends the funds cannot cover, with insufficient funds', async () => {
    const left = units((await balanceOf(net, 'alice')).effective_unlocked_qty);
    const payable = Number(left / units('1000'));
    const answers: Answer<{ error?: string }>[] = await sendMany(payable + 5, 'drain');
    const failed = answers.filter((answer) => answer.status !== 200);
    expect(answers.length - failed.length).toBe(payable);
    expect(failed).toHaveLength(5);
    for (const answer of failed) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/insufficient.funds/i);
    }
    expect(units((await balanceOf(net, 'alice')).effective_unlocked_qty)).toBe(
      left - BigInt(payable) * units('1000'),
    );
  });

  it('runs each operation of a batch the funds cannot cover alone: only the last one fails', async () => {
    // 200 CC more (1 USD), and three offers of 80: the third does not fit.
    await tapFor(net, 'alice', '1');
    const left = units((await balanceOf(net, 'alice')).effective_unlocked_qty);
    expect(left).toBeGreaterThanOrEqual(units('160'));
    expect(left).toBeLessThan(units('240'));
    const amount = '80';
    const offers = await Promise.all(
      ['fits-1', 'fits-2', 'does-not-fit'].map((id) => acceptedOffer(amount, id)),
    );
    const settled = await Promise.allSettled(
      offers.map((cid) => net.node.node.wallet.offers.completeAccepted(cid)),
    );
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const [, , failed] = settled;
    expect(failed?.status === 'rejected' ? String(failed.reason) : '').toMatch(
      /insufficient-funds/,
    );
  });
});
