import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocateParty, createdIds, createUser, submitTree } from './ledger-fixtures.ts';
import {
  ok,
  onboard,
  refused,
  startValidatorNode,
  type ValidatorNode,
} from './validator-fixtures.ts';

// Minting delegations: a party (an external one, say) proposes that Alice's wallet mints its
// rewards; Alice, the delegate, accepts (replacing an earlier delegation of the same party),
// rejects, or ends a delegation, and the beneficiary withdraws a proposal on the ledger.
// Bob, another user, can do none of it for Alice.

const module = '#splice-wallet:Splice.Wallet.MintingDelegation';
const dayMicros = 86_400_000_000;

type Contract = { contract_id: string; payload: Record<string, unknown> };
type Item = { contract: Contract; beneficiary_hosted: boolean };
type Proposals = { proposals: Item[]; next_page_token?: number };
type Delegations = { delegations: Item[]; next_page_token?: number };

describe('minting delegations through the wallet API', () => {
  let net: ValidatorNode;
  let alice: string;
  let carol: string;
  const carolUser = 'carol-external';

  const asCarol = async (command: unknown) => {
    const body = { commands: [command], commandId: `carol-${Math.random()}`, actAs: [carol] };
    return (await submitTree(net.node, carolUser, body)).transactionTree;
  };
  const propose = async (limit: string) => {
    const now = ((await (await net.node.call('/api/devnet/v0/time')).json()) as { now: string })
      .now;
    const delegation = {
      beneficiary: carol,
      delegate: alice,
      dso: net.dso,
      expiresAt: new Date(Date.parse(now) + (30 * dayMicros) / 1000).toISOString(),
      amuletMergeLimit: limit,
    };
    const tree = await asCarol({
      CreateCommand: {
        templateId: `${module}:MintingDelegationProposal`,
        createArguments: { delegation },
      },
    });
    return createdIds(tree)[0] ?? '';
  };
  const proposals = (user: string, query = '') =>
    ok<Proposals>(net, `/v0/wallet/minting-delegation-proposals${query}`, { user });
  const delegations = (user: string) =>
    ok<Delegations>(net, '/v0/wallet/minting-delegations', { user });

  beforeAll(async () => {
    net = await startValidatorNode();
    alice = await onboard(net, 'alice');
    await onboard(net, 'bob');
    carol = await allocateParty(net.node, 'carol');
    await createUser(net.node, carolUser, [carol]);
  });
  afterAll(() => net.node.close());

  it('accepts a proposal as the delegate, replacing the delegation it had', async () => {
    const first = await propose('10');
    const listed = await proposals('alice');
    expect(listed.proposals).toEqual([
      { contract: expect.objectContaining({ contract_id: first }), beneficiary_hosted: true },
    ]);
    expect((await proposals('bob')).proposals).toEqual([]);
    const accept = `/v0/wallet/minting-delegation-proposals/${first}/accept`;
    await refused(net, accept, { user: 'bob', method: 'POST' }, { status: 403 });
    const created = await ok<{ contract_id: string }>(net, accept, {
      user: 'alice',
      method: 'POST',
    });
    expect((await proposals('alice')).proposals).toEqual([]);
    const [delegation] = (await delegations('alice')).delegations;
    expect(delegation?.contract.contract_id).toBe(created.contract_id);
    expect(delegation?.contract.payload).toMatchObject({ beneficiary: carol, delegate: alice });

    const second = await propose('20');
    const replaced = await ok<{ contract_id: string }>(
      net,
      `/v0/wallet/minting-delegation-proposals/${second}/accept`,
      { user: 'alice', method: 'POST' },
    );
    const now = (await delegations('alice')).delegations;
    expect(now.map((item) => item.contract.contract_id)).toEqual([replaced.contract_id]);
    expect(now[0]?.contract.payload.amuletMergeLimit).toBe('20');
    await refused(net, accept, { user: 'alice', method: 'POST' }, { status: 404 });
  });

  it('rejects a proposal, and drops one its beneficiary withdrew', async () => {
    const unwanted = await propose('5');
    const reject = `/v0/wallet/minting-delegation-proposals/${unwanted}/reject`;
    await refused(net, reject, { user: 'bob', method: 'POST' }, { status: 403 });
    await ok(net, reject, { user: 'alice', method: 'POST' });
    expect((await proposals('alice')).proposals).toEqual([]);
    const withdrawn = await propose('6');
    expect((await proposals('alice')).proposals).toHaveLength(1);
    await asCarol({
      ExerciseCommand: {
        templateId: `${module}:MintingDelegationProposal`,
        contractId: withdrawn,
        choice: 'MintingDelegationProposal_Withdraw',
        choiceArgument: {},
      },
    });
    expect((await proposals('alice')).proposals).toEqual([]);
    await refused(
      net,
      `/v0/wallet/minting-delegation-proposals/${withdrawn}/accept`,
      { user: 'alice', method: 'POST' },
      { status: 404 },
    );
  });

  it('pages proposals and ends a delegation as its delegate', async () => {
    const ids = [await propose('1'), await propose('2'), await propose('3')];
    const first = await proposals('alice', '?limit=2');
    expect(first.proposals.map((item) => item.contract.contract_id)).toEqual(ids.slice(0, 2));
    expect(first.next_page_token).toBeTypeOf('number');
    const rest = await proposals('alice', `?limit=2&after=${first.next_page_token}`);
    expect(rest.proposals.map((item) => item.contract.contract_id)).toEqual(ids.slice(2));
    expect(rest.next_page_token).toBeUndefined();
    await refused(
      net,
      '/v0/wallet/minting-delegation-proposals?limit=x',
      { user: 'alice' },
      { status: 400 },
    );

    const [delegation] = (await delegations('alice')).delegations;
    const end = `/v0/wallet/minting-delegations/${delegation?.contract.contract_id}/reject`;
    await refused(net, end, { user: 'bob', method: 'POST' }, { status: 403 });
    await ok(net, end, { user: 'alice', method: 'POST' });
    expect((await delegations('alice')).delegations).toEqual([]);
  });
});
