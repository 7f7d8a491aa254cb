import type { JournalRecord } from '@pocketnet/ledger';
import { unrestrictedCaller } from '@pocketnet/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from './ledger-fixtures.ts';
import { activeContracts, templateFilter } from './splice-fixtures.ts';
import {
  ok,
  onboard,
  refused,
  startValidatorNode,
  type ValidatorNode,
  validator,
} from './validator-fixtures.ts';

// Onboarding users onto the validator's wallet over /api/validator: the operator's wallet from
// genesis, users onboarded by the operator or registering themselves, offboarding.

const mergeDelegationProposal =
  '#splice-util-token-standard-wallet:Splice.Util.Token.Wallet.MergeDelegation:MergeDelegationProposal';

describe('onboarding through the validator API', () => {
  let net: ValidatorNode;
  beforeAll(async () => {
    net = await startValidatorNode();
  });
  afterAll(() => net.node.close());

  it('names the validator operator, its wallet user and its featured app right, to anyone', async () => {
    const user = await ok(net, '/v0/validator-user', { user: null });
    expect(user).toEqual({ party_id: net.operator, user_name: 'administrator', featured: true });
    expect(await ok(net, '/v0/feature-support', { user: 'administrator' })).toEqual({
      token_standard: true,
      transfer_preapproval_description: true,
    });
    for (const [path, field] of [
      ['/v0/wallet/sv-reward-coupons', 'sv_reward_coupons'],
      ['/v0/wallet/validator-liveness-activity-records', 'validator_liveness_activity_records'],
    ] as const) {
      const listed = await ok<Record<string, unknown[]>>(net, path, { user: 'administrator' });
      expect(Array.isArray(listed[field])).toBe(true);
    }
    const status = await ok(net, '/v0/wallet/user-status', { user: 'administrator' });
    expect(status).toEqual({
      party_id: net.operator,
      user_onboarded: true,
      user_wallet_installed: true,
      has_featured_app_right: true,
    });
  });

  it('onboards a user in order: user, party, wallet install with validator right, merge proposal', async () => {
    const before = await ok(net, '/v0/wallet/user-status', { user: 'alice' });
    expect(before).toMatchObject({ party_id: '', user_onboarded: false });
    const records: JournalRecord[] = [];
    const subscription = net.node.node.records$.subscribe((record) => records.push(record));
    const alice = await onboard(net, 'alice');
    subscription.unsubscribe();
    expect(alice).toMatch(/^alice::1220[0-9a-f]{64}$/);
    const facts = records.map((record) => {
      if (record.type === 'admin') return `admin:${String(record.change.kind)}`;
      if (record.type === 'topology') return `topology:${record.grantedTo}`;
      if (record.type !== 'transaction') return record.type;
      const created = record.nodes.flatMap((node) =>
        node.kind === 'created' ? [node.templateId.split(':').at(-1)] : [],
      );
      return `transaction:${created.join('+')}`;
    });
    expect(facts).toEqual([
      'admin:user.created',
      'topology:alice',
      'admin:user.updated',
      'admin:user.rightsGranted',
      'transaction:WalletAppInstall+ValidatorRight',
      'transaction:MergeDelegationProposal',
    ]);
    const user = await json<{ user: { primaryParty: string } }>(
      await net.node.call('/v2/users/alice'),
    );
    expect(user.user.primaryParty).toBe(alice);
    const proposals = await activeContracts({ node: net.node } as never, {
      user: 'alice',
      party: alice,
      filter: templateFilter(mergeDelegationProposal),
    });
    expect(proposals.map((event) => event.createArgument)).toEqual([
      { delegation: { operator: net.operator, owner: alice, meta: { values: {} } } },
    ]);
    const actors = net.node.node.actors.list(unrestrictedCaller, { machine: 'user-onboarding' });
    const onboarding = actors.find((actor) => actor.parties.includes(alice));
    expect(onboarding?.status).toBe('done');
    expect(net.node.node.actors.get(unrestrictedCaller, onboarding?.id ?? '')?.output).toEqual({
      userId: 'alice',
      party: alice,
      completedBy: 'mergeDelegationProposal',
    });
    const status = await ok(net, '/v0/wallet/user-status', { user: 'alice' });
    expect(status).toEqual({
      party_id: alice,
      user_onboarded: true,
      user_wallet_installed: true,
      has_featured_app_right: false,
    });
  });

  it('lets a user register itself, and answers the same party when it registers again', async () => {
    const first = await ok<{ party_id: string }>(net, '/v0/register', { user: 'bob', body: {} });
    const again = await ok<{ party_id: string }>(net, '/v0/register', {
      user: 'bob',
      method: 'POST',
    });
    expect(first.party_id).toMatch(/^bob::/);
    expect(again.party_id).toBe(first.party_id);
    const users = await ok<{ usernames: string[] }>(net, '/v0/admin/users', {
      user: 'administrator',
    });
    expect(users.usernames).toEqual(['administrator', 'alice', 'bob']);
  });

  it('keeps user administration for the validator operator', async () => {
    await refused(net, '/v0/admin/users', { user: 'alice' }, { status: 403 });
    await refused(
      net,
      '/v0/admin/users',
      { user: 'bob', body: { name: 'mallory' } },
      { status: 403, message: /validator operator/ },
    );
    await refused(net, '/v0/admin/users', { user: null }, { status: 401 });
  });

  it('refuses a malformed onboarding request with 400', async () => {
    await refused(net, '/v0/admin/users', { user: 'administrator', body: {} }, { status: 400 });
    await refused(
      net,
      '/v0/admin/users',
      { user: 'administrator', body: { name: 'x', party_id: 'not a party' } },
      { status: 400, message: /party/ },
    );
    const missing = `ghost::${net.operator.split('::')[1]}`;
    await refused(
      net,
      '/v0/admin/users',
      { user: 'administrator', body: { name: 'ghost', party_id: missing } },
      { status: 400, message: /does not exist/ },
    );
  });

  it('onboards a user onto a party it names, creating it when asked to', async () => {
    const wanted = `dora-party::${net.operator.split('::')[1]}`;
    const party = await ok<{ party_id: string }>(net, '/v0/admin/users', {
      user: 'administrator',
      body: { name: 'dora', party_id: wanted, createPartyIfMissing: true },
    });
    expect(party.party_id).toBe(wanted);
    expect(await ok(net, '/v0/wallet/user-status', { user: 'dora' })).toMatchObject({
      party_id: wanted,
      user_onboarded: true,
    });
  });

  it('offboards a user: its wallet is gone and so is its ledger user', async () => {
    await onboard(net, 'carol');
    const path = '/v0/admin/users/offboard?username=carol';
    const answer = await validator(net, path, { user: 'administrator', method: 'POST' });
    expect(answer.status).toBe(200);
    const users = await ok<{ usernames: string[] }>(net, '/v0/admin/users', {
      user: 'administrator',
    });
    expect(users.usernames).not.toContain('carol');
    expect((await net.node.call('/v2/users/carol')).status).toBe(404);
    await refused(
      net,
      '/v0/admin/users/offboard?username=carol',
      { user: 'administrator', method: 'POST' },
      { status: 404 },
    );
  });
});
