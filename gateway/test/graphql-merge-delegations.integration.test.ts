import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData, type Loose } from './graphql-harness.ts';
import { ledgerEnd } from './ledger-calls.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// Merge delegation proposals over GraphQL: each onboarded user signs one naming the validator
// operator (user `administrator`), who accepts or rejects it; the owner may withdraw it. This
// node runs no automations, so nothing accepts a proposal but these mutations.

const operatorUser = 'administrator';
const proposalsQuery = `{ wallet { party
  mergeDelegationProposals { contractId payload actor { id machine state } }
  mergeDelegations { contractId payload } } }`;
const accept = 'mutation($c: ID!) { acceptMergeDelegationProposal(contractId: $c) }';
const reject = 'mutation($c: ID!) { rejectMergeDelegationProposal(contractId: $c) }';
const withdraw = 'mutation($c: ID!) { withdrawMergeDelegationProposal(contractId: $c) }';

let node: TestNode;
let operator: string;

beforeAll(async () => {
  node = await startTestNode({ devnet: true });
  operator = node.node.devnet?.parties.validatorOperator ?? '';
  for (const name of ['alice', 'bob', 'carol', 'dave']) {
    await gqlData(node, 'mutation($n: String!) { onboardUser(name: $n) }', { n: name });
  }
});
afterAll(async () => {
  node?.closeStreams();
  await node?.close();
});

const walletOf = async (user: string) => (await gqlData(node, proposalsQuery, {}, { user })).wallet;

/** The user's one open proposal, which names it as owner and the validator as operator. */
async function proposalOf(user: string): Promise<{ contractId: string; actorId: string }> {
  const wallet = await walletOf(user);
  expect(wallet.mergeDelegationProposals).toHaveLength(1);
  const [proposal] = wallet.mergeDelegationProposals;
  expect(proposal.payload.delegation).toMatchObject({ owner: wallet.party, operator });
  expect(proposal.actor).toMatchObject({ machine: 'merge-delegation', state: 'open.proposal' });
  return { contractId: proposal.contractId, actorId: proposal.actor.id };
}

async function actorOf(user: string, id: string): Promise<Loose> {
  const query = 'query($id: ID!) { actor(id: $id) { state status context output } }';
  return (await gqlData(node, query, { id }, { user })).actor;
}

describe('GraphQL merge delegation proposals', () => {
  it('accepts a proposal as the operator: the MergeDelegation exists and the actor is active', async () => {
    const { contractId, actorId } = await proposalOf('alice');
    const data = await gqlData(node, accept, { c: contractId }, { user: operatorUser });
    const delegationId = data.acceptMergeDelegationProposal as string;
    expect(delegationId).toMatch(/^00[0-9a-f]+/);
    const wallet = await walletOf('alice');
    expect(wallet.mergeDelegationProposals).toEqual([]);
    expect(wallet.mergeDelegations).toEqual([
      {
        contractId: delegationId,
        payload: expect.objectContaining({ owner: wallet.party, operator }),
      },
    ]);
    const actor = await actorOf('alice', actorId);
    expect(actor).toMatchObject({
      state: 'open.active',
      status: 'active',
      context: { proposalContractId: contractId, delegationContractId: delegationId },
    });
  });

  it('refuses anyone else in each role, and a proposal that is not there, changing nothing', async () => {
    const { contractId } = await proposalOf('bob');
    const end = await ledgerEnd(node);
    const refusals = [
      { query: accept, user: 'carol' },
      { query: reject, user: 'carol' },
      { query: accept, user: 'bob' },
      { query: reject, user: 'bob' },
      { query: withdraw, user: 'carol' },
      { query: withdraw, user: operatorUser },
    ];
    for (const { query, user } of refusals) {
      const response = await gql(node, query, { c: contractId }, { user });
      expect(response.status, `${user}: ${JSON.stringify(response.errors)}`).toBe(403);
      expect(response.errors[0]?.extensions).toMatchObject({ code: 'PERMISSION_DENIED' });
    }
    const stranger = await gql(node, accept, { c: contractId }, { user: 'nobody' });
    expect(stranger.errors[0]?.extensions).toMatchObject({ code: 'USER_NOT_FOUND', status: 404 });
    const missing = await gql(node, withdraw, { c: '00missing' }, { user: 'bob' });
    expect(missing.errors[0]?.extensions).toMatchObject({
      code: 'CONTRACT_NOT_FOUND',
      status: 404,
    });
    expect(await ledgerEnd(node)).toBe(end);
    expect((await proposalOf('bob')).contractId).toBe(contractId);
  });

  it('rejects a proposal as the operator: archived, no delegation, the actor ends rejected', async () => {
    const { contractId, actorId } = await proposalOf('bob');
    const data = await gqlData(node, reject, { c: contractId }, { user: operatorUser });
    expect(data.rejectMergeDelegationProposal).toBe(true);
    const wallet = await walletOf('bob');
    expect(wallet.mergeDelegationProposals).toEqual([]);
    expect(wallet.mergeDelegations).toEqual([]);
    expect(await actorOf('bob', actorId)).toMatchObject({
      state: 'rejected',
      status: 'done',
      output: { status: 'rejected', merges: 0 },
    });
    const again = await gql(node, reject, { c: contractId }, { user: operatorUser });
    expect(again.errors[0]?.extensions).toMatchObject({ code: 'CONTRACT_NOT_FOUND' });
  });

  it('withdraws a proposal as its owner: archived, no delegation, the actor ends withdrawn', async () => {
    const { contractId, actorId } = await proposalOf('carol');
    const data = await gqlData(node, withdraw, { c: contractId }, { user: 'carol' });
    expect(data.withdrawMergeDelegationProposal).toBe(true);
    const wallet = await walletOf('carol');
    expect(wallet.mergeDelegationProposals).toEqual([]);
    expect(wallet.mergeDelegations).toEqual([]);
    expect(await actorOf('carol', actorId)).toMatchObject({
      state: 'withdrawn',
      status: 'done',
      output: { status: 'withdrawn', merges: 0 },
    });
    const late = await gql(node, accept, { c: contractId }, { user: operatorUser });
    expect(late.errors[0]?.extensions).toMatchObject({ code: 'CONTRACT_NOT_FOUND' });
  });

  it('refuses a user whose right to act as its party was revoked', async () => {
    const { contractId } = await proposalOf('dave');
    const party = (await walletOf('dave')).party as string;
    const revoked = await node.call('/v2/users/dave/rights', {
      method: 'PATCH',
      body: { userId: 'dave', rights: [{ kind: { CanActAs: { value: { party } } } }] },
    });
    expect(revoked.status, await revoked.clone().text()).toBe(200);
    const response = await gql(node, withdraw, { c: contractId }, { user: 'dave' });
    expect(response.errors[0]?.extensions).toMatchObject({
      code: 'PERMISSION_DENIED',
      status: 403,
    });
  });
});
