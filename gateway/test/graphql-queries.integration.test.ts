import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData } from './graphql-harness.ts';
import { type IouDesk, openIouDesk } from './graphql-ledger.ts';
import { assetInterface, iouTemplate } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

const contractFields = `contractId templateId payload signatories observers witnessParties
  createdOffset createdAt synchronizerId`;

describe('GraphQL queries of the ledger', () => {
  let node: TestNode;
  let desk: IouDesk;
  let first: { contractId: string; offset: number };
  let second: { contractId: string; offset: number };
  let archivedAt: number;
  beforeAll(async () => {
    node = await startTestNode({ devnet: true });
    desk = await openIouDesk(node, 'q');
    first = await desk.issue(desk.alice, '100');
    second = await desk.issue(desk.alice, '7');
    archivedAt = await desk.transfer(second.contractId, desk.alice, desk.bob);
  });
  afterAll(async () => {
    await node?.close();
  });

  it('answers the ledger end and the caller', async () => {
    const data = await gqlData(
      node,
      '{ ledgerEnd me { id primaryParty rights { kind party } } }',
      {},
      { user: desk.users.alice },
    );
    expect(data.ledgerEnd).toBe(node.node.reads.ledgerEnd({ kind: 'unrestricted' }));
    expect(data.me).toEqual({
      id: desk.users.alice,
      primaryParty: desk.alice,
      rights: [{ kind: 'CanActAs', party: desk.alice }],
    });
  });

  it('lists users for an admin and shows a user itself', async () => {
    const admin = await gqlData(node, '{ users { id } }');
    expect(admin.users.map((user: { id: string }) => user.id)).toContain(desk.users.bob);
    const self = await gqlData(
      node,
      'query($id: String!) { user(userId: $id) { id isDeactivated } }',
      { id: desk.users.bob },
      { user: desk.users.bob },
    );
    expect(self.user).toEqual({ id: desk.users.bob, isDeactivated: false });
  });

  it('lists the parties a user may read, and every party for an admin', async () => {
    const readable = await gqlData(
      node,
      '{ parties { party isLocal } }',
      {},
      { user: desk.users.alice },
    );
    expect(readable.parties).toEqual([{ party: desk.alice, isLocal: true }]);
    const all = await gqlData(node, '{ parties(scope: ALL) { party } }');
    const ids = all.parties.map((party: { party: string }) => party.party);
    expect(ids).toEqual(expect.arrayContaining([desk.bank, desk.alice, desk.bob]));
  });

  it("lists active contracts by template for the caller's parties", async () => {
    const query = `query($t: [String!]) { contracts(filter: { templateIds: $t }) { ${contractFields} } }`;
    const data = await gqlData(node, query, { t: [iouTemplate] }, { user: desk.users.alice });
    expect(data.contracts).toHaveLength(1);
    const [contract] = data.contracts;
    expect(contract).toMatchObject({
      contractId: first.contractId,
      payload: { issuer: desk.bank, owner: desk.alice, currency: 'USD', amount: '100.0000000000' },
      signatories: expect.arrayContaining([desk.bank, desk.alice]),
      witnessParties: [desk.alice],
      createdOffset: first.offset,
    });
  });

  it('lists contracts by interface with the interface view', async () => {
    const query = `query($i: [String!], $p: [String!]) {
      contracts(filter: { interfaceIds: $i, parties: $p }) { contractId interfaceViews { interfaceId view } } }`;
    const data = await gqlData(
      node,
      query,
      { i: [assetInterface], p: [desk.bank] },
      { user: desk.users.bank },
    );
    expect(data.contracts).toHaveLength(1);
    expect(data.contracts[0].interfaceViews[0].view).toEqual({
      owner: desk.alice,
      amount: '100.0000000000',
      currency: 'USD',
    });
  });

  it('reads the contracts that were active at an earlier offset', async () => {
    const query = `query($at: Offset) { contracts(filter: { templateIds: ["${iouTemplate}"] }, activeAtOffset: $at) { contractId } }`;
    const data = await gqlData(node, query, { at: second.offset }, { user: desk.users.alice });
    const ids = data.contracts.map((contract: { contractId: string }) => contract.contractId);
    expect(ids.sort()).toEqual([first.contractId, second.contractId].sort());
  });

  it('reads one contract with its archival', async () => {
    const query = `query($id: ID!) { contract(contractId: $id) { contractId createdOffset archived { offset choice actingParties } } }`;
    const data = await gqlData(node, query, { id: second.contractId }, { user: desk.users.alice });
    expect(data.contract).toEqual({
      contractId: second.contractId,
      createdOffset: second.offset,
      archived: { offset: archivedAt, choice: 'Iou_Transfer', actingParties: [desk.alice] },
    });
  });

  it('pages through updates and reads one by id and by offset', async () => {
    const page = await gqlData(
      node,
      `query($b: Offset!) { updates(beginExclusive: $b, pageSize: 2) {
        updates { ... on Transaction { updateId offset events { __typename contractId } } }
        nextPageToken highestOffsetInclusive } }`,
      { b: first.offset - 1 },
      { user: desk.users.alice },
    );
    const updates = page.updates.updates;
    expect(updates.map((update: { offset: number }) => update.offset)).toEqual([
      first.offset,
      second.offset,
    ]);
    expect(page.updates.nextPageToken).toEqual(expect.any(String));
    const byId = await gqlData(
      node,
      `query($id: String!, $o: Offset!) {
        update(updateId: $id) { ... on Transaction { offset } }
        updateByOffset(offset: $o, shape: LEDGER_EFFECTS) { ... on Transaction { events { __typename ... on ExercisedEvent { choice consuming } } } } }`,
      { id: updates[0].updateId, o: archivedAt },
      { user: desk.users.alice },
    );
    expect(byId.update.offset).toBe(first.offset);
    expect(byId.updateByOffset.events).toEqual([
      { __typename: 'ExercisedEvent', choice: 'Iou_Transfer', consuming: true },
      { __typename: 'CreatedEvent' },
    ]);
  });

  it('resolves the archival and the actor of each contract an update created', async () => {
    const query = `query($o: Offset!) { updateByOffset(offset: $o) {
      ... on Transaction { events { ... on CreatedEvent { contract { contractId archived { offset } actor { id } } } } } } }`;
    const data = await gqlData(node, query, { o: first.offset }, { user: desk.users.alice });
    expect(data.updateByOffset.events).toEqual([
      { contract: { contractId: first.contractId, archived: null, actor: null } },
    ]);
  });

  it('shows the mining rounds and the name service to any authenticated caller', async () => {
    const data = await gqlData(
      node,
      '{ miningRounds { open { round contractId actor { machine state } } issuing { round } } ansEntries { name user } }',
      {},
      { user: desk.users.alice },
    );
    expect(data.miningRounds.open.length).toBeGreaterThan(0);
    expect(data.miningRounds.open[0].actor).toMatchObject({ machine: 'mining-round' });
    const rounds = node.node.scan.network.rounds.open().map((round) => round.node.contractId);
    expect(data.miningRounds.open.map((round: { contractId: string }) => round.contractId)).toEqual(
      rounds,
    );
    expect(data.ansEntries).toEqual(
      node.node.scan.network.ans.list('', 100).map(({ name, user }) => ({ name, user })),
    );
  });

  it('describes the machines and the actors the caller may see', async () => {
    const data = await gqlData(
      node,
      `{ machines { id initial mermaid }
         machine(id: "mining-round") { id states actors { id state history { to } } } }`,
      {},
      { user: desk.users.alice },
    );
    expect(data.machines.map((machine: { id: string }) => machine.id)).toContain('transfer-offer');
    expect(data.machine.actors.length).toBeGreaterThan(0);
    const [actor] = data.machine.actors;
    const one = await gqlData(
      node,
      'query($id: ID!) { actor(id: $id) { id machine context } }',
      { id: actor.id },
      { user: desk.users.alice },
    );
    expect(one.actor).toMatchObject({ id: actor.id, machine: 'mining-round' });
    const listed = await gqlData(
      node,
      '{ actors(machine: "mining-round") { id } }',
      {},
      { user: desk.users.alice },
    );
    expect(listed.actors.length).toBe(data.machine.actors.length);
  });

  it('answers the devnet time to an admin', async () => {
    const data = await gqlData(node, '{ devnetTime { time micros } }');
    expect(data.devnetTime.micros).toBe(node.node.clock.nowMicros().toString());
  });

  it('refuses a caller without a token', async () => {
    const response = await gql(node, '{ ledgerEnd }', {}, { user: null });
    expect(response.status).toBe(401);
    expect(response.errors[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
  });
});
