import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, tapFor } from './validator-apps-fixtures.ts';
import {
  ok,
  onboard,
  refused,
  startValidatorNode,
  type ValidatorNode,
  validator,
} from './validator-fixtures.ts';

// The name service through the validator: a user requests an entry, accepts its subscription
// in the wallet, the SV's automation collects the payment and creates the entry, which the
// scan proxy then finds; the wallet pays the renewal in the entry's last 30 days, and an entry
// whose subscription was cancelled expires after its 90 days. Moving 91 days of rounds takes
// a while (every round of the way is opened, issued and closed).

type Entry = {
  contractId: string;
  name: string;
  amount: string;
  unit: string;
  expiresAt: string;
  paymentInterval: string;
  paymentDuration: string;
};
type Created = { entryContextCid: string; subscriptionRequestCid: string; name: string };
type ProxyEntry = { contract_id?: string; user: string; name: string; expires_at?: string };
type Subscriptions = {
  subscriptions: Array<{ subscription: { contract_id: string }; state: { idle?: Contract } }>;
};
type Contract = { contract_id: string; payload: Record<string, unknown> };

const daySeconds = 86_400;
const dayMillis = daySeconds * 1000;

describe('ANS entries through the validator app', () => {
  let net: ValidatorNode;
  let alice: string;
  let bob: string;
  let carol: string;

  const entriesOf = async (user: string) =>
    (await ok<{ entries: Entry[] }>(net, '/v0/entry/all', { user })).entries;
  const buyEntry = async (user: string, name: string) => {
    const created = await ok<Created>(net, '/v0/entry/create', {
      user,
      body: { name, url: `https://${user}.example.com`, description: `${user}'s name` },
    });
    const accepted = await ok<{ initial_payment_contract_id: string }>(
      net,
      `/v0/wallet/subscription-requests/${created.subscriptionRequestCid}/accept`,
      { user, method: 'POST' },
    );
    // The SV's automation collects at once; moving time by a second waits for it.
    await advance(net, 1);
    return { created, initialPayment: accepted.initial_payment_contract_id };
  };

  beforeAll(async () => {
    net = await startValidatorNode();
    alice = await onboard(net, 'alice');
    bob = await onboard(net, 'bob');
    carol = await onboard(net, 'carol');
    await tapFor(net, 'alice', '10');
    await tapFor(net, 'bob', '10');
    await tapFor(net, 'carol', '10');
  });
  afterAll(() => net.node.close());

  it('creates a subscription request for a valid name and refuses others', async () => {
    const created = await ok<Created>(net, '/v0/entry/create', {
      user: 'alice',
      body: { name: 'spare.unverified.ans', url: '', description: '' },
    });
    expect(created).toMatchObject({ name: 'spare.unverified.ans', url: '', description: '' });
    const request = await ok<Contract>(
      net,
      `/v0/wallet/subscription-requests/${created.subscriptionRequestCid}`,
      { user: 'alice' },
    );
    expect(request.payload).toMatchObject({
      subscriptionData: { sender: alice, receiver: net.dso, provider: net.dso },
      payData: { paymentAmount: { amount: '1.0000000000', unit: 'USDUnit' } },
    });
    // Bob may neither see nor answer Alice's request.
    const path = `/v0/wallet/subscription-requests/${created.subscriptionRequestCid}`;
    await refused(net, path, { user: 'bob' }, { status: 403 });
    await refused(net, `${path}/accept`, { user: 'bob', method: 'POST' }, { status: 403 });
    await ok(net, `${path}/reject`, { user: 'alice', method: 'POST' });
    await refused(net, path, { user: 'alice' }, { status: 404 });
    for (const name of ['alice.ans', 'alice.unverified.cns', 'Alice.unverified.ans']) {
      const body = { name, url: '', description: '' };
      await refused(net, '/v0/entry/create', { user: 'alice', body }, { status: 400 });
    }
    const badUrl = { name: 'a.unverified.ans', url: 'ftp://x', description: '' };
    await refused(net, '/v0/entry/create', { user: 'alice', body: badUrl }, { status: 400 });
    // A user without a wallet here has no entries to make.
    const valid = { name: 'nobody.unverified.ans', url: '', description: '' };
    await refused(net, '/v0/entry/create', { user: 'nobody', body: valid }, { status: 404 });
  });

  it('creates the entry once the wallet pays for it, visible through the scan proxy', async () => {
    const before = Date.parse(
      ((await (await net.node.call('/api/devnet/v0/time')).json()) as { now: string }).now,
    );
    await buyEntry('alice', 'alice.unverified.ans');
    const [entry, ...others] = await entriesOf('alice');
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      name: 'alice.unverified.ans',
      amount: '1.0000000000',
      unit: 'USDUNIT',
      paymentInterval: String(90 * dayMillis * 1000),
      paymentDuration: String(30 * dayMillis * 1000),
    });
    const expires = Number(entry?.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(90 * dayMillis);
    expect(expires - before).toBeLessThan(90 * dayMillis + 60_000);
    const byName = await ok<{ entry: ProxyEntry }>(
      net,
      '/v0/scan-proxy/ans-entries/by-name/alice.unverified.ans',
      { user: 'bob' },
    );
    expect(byName.entry).toMatchObject({ contract_id: entry?.contractId, user: alice });
    const byParty = await ok<{ entry: ProxyEntry }>(
      net,
      `/v0/scan-proxy/ans-entries/by-party/${alice}`,
      { user: null },
    );
    expect(byParty.entry.name).toBe('alice.unverified.ans');
    const listed = await ok<{ entries: ProxyEntry[] }>(
      net,
      '/v0/scan-proxy/ans-entries?name_prefix=alice&page_size=10',
      { user: 'bob' },
    );
    expect(listed.entries.map((found) => found.name)).toEqual(['alice.unverified.ans']);
    expect(await entriesOf('bob')).toEqual([]);
    await refused(
      net,
      `/v0/scan-proxy/ans-entries/by-party/${bob}`,
      { user: 'bob' },
      { status: 404 },
    );
    // The name is taken now.
    const again = { name: 'alice.unverified.ans', url: '', description: '' };
    await refused(net, '/v0/entry/create', { user: 'bob', body: again }, { status: 400 });
    const { subscriptions } = await ok<Subscriptions>(net, '/v0/wallet/subscriptions', {
      user: 'alice',
    });
    expect(subscriptions).toHaveLength(1);
    const dueAt = String(subscriptions[0]?.state.idle?.payload.nextPaymentDueAt);
    expect(Date.parse(dueAt)).toBe(expires);
  });

  it('returns the payment of a second buyer of a name that was taken meanwhile', async () => {
    const body = { name: 'shared.unverified.ans', url: '', description: '' };
    const bobs = await ok<Created>(net, '/v0/entry/create', { user: 'bob', body });
    const before = await ok<{ effective_unlocked_qty: string }>(net, '/v0/wallet/balance', {
      user: 'bob',
    });
    await buyEntry('carol', 'shared.unverified.ans');
    await ok(net, `/v0/wallet/subscription-requests/${bobs.subscriptionRequestCid}/accept`, {
      user: 'bob',
      method: 'POST',
    });
    await advance(net, 1);
    expect(await entriesOf('bob')).toEqual([]);
    const initial = await ok<{ initial_payments: unknown[] }>(
      net,
      '/v0/wallet/subscription-initial-payments',
      { user: 'bob' },
    );
    expect(initial.initial_payments).toEqual([]);
    const after = await ok<{ effective_unlocked_qty: string }>(net, '/v0/wallet/balance', {
      user: 'bob',
    });
    expect(Number(after.effective_unlocked_qty)).toBeCloseTo(
      Number(before.effective_unlocked_qty),
      2,
    );
    const owner = await ok<{ entry: ProxyEntry }>(
      net,
      '/v0/scan-proxy/ans-entries/by-name/shared.unverified.ans',
      { user: 'bob' },
    );
    expect(owner.entry.user).toBe(carol);
  });

  it('renews a paid entry in its last 30 days and expires one whose subscription ended', async () => {
    await buyEntry('bob', 'bob.unverified.ans');
    const { subscriptions } = await ok<Subscriptions>(net, '/v0/wallet/subscriptions', {
      user: 'bob',
    });
    const idle = subscriptions[0]?.state.idle?.contract_id ?? '';
    await refused(
      net,
      `/v0/wallet/subscription-requests/${idle}`,
      {
        user: 'alice',
        method: 'DELETE',
      },
      { status: 403 },
    );
    await ok(net, `/v0/wallet/subscription-requests/${idle}`, { user: 'bob', method: 'DELETE' });
    expect(
      (await ok<Subscriptions>(net, '/v0/wallet/subscriptions', { user: 'bob' })).subscriptions,
    ).toEqual([]);
    const [first] = await entriesOf('alice');
    const [bobs] = await entriesOf('bob');
    expect(bobs?.name).toBe('bob.unverified.ans');

    await advance(net, 61 * daySeconds);
    const [renewed] = await entriesOf('alice');
    expect(renewed?.contractId).not.toBe(first?.contractId);
    expect(Number(renewed?.expiresAt) - Number(first?.expiresAt)).toBe(90 * dayMillis);
    expect((await entriesOf('bob')).map((entry) => entry.name)).toEqual(['bob.unverified.ans']);

    await advance(net, 30 * daySeconds);
    expect(await entriesOf('bob')).toEqual([]);
    await refused(
      net,
      '/v0/scan-proxy/ans-entries/by-name/bob.unverified.ans',
      { user: 'bob' },
      { status: 404 },
    );
    const listed = await ok<{ entries: ProxyEntry[] }>(
      net,
      '/v0/scan-proxy/ans-entries?name_prefix=bob&page_size=10',
      { user: 'bob' },
    );
    expect(listed.entries).toEqual([]);
    expect((await entriesOf('alice')).map((entry) => entry.contractId)).toEqual([
      renewed?.contractId,
    ]);
    // The wallet paid 1 USD (200 CC) twice for Alice's name, less a little holding fee.
    const answer = await validator<{ effective_unlocked_qty: string }>(net, '/v0/wallet/balance', {
      user: 'alice',
    });
    const left = Number(answer.body.effective_unlocked_qty);
    expect(left).toBeLessThanOrEqual(1600);
    expect(left).toBeGreaterThan(1590);
  }, 300_000);
});
