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
});
