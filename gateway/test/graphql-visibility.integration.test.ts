import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData, sseSubscribe, wsClient } from './graphql-harness.ts';
import { type IouDesk, openIouDesk } from './graphql-ledger.ts';
import { iouTemplate } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

describe('GraphQL visibility', () => {
  let node: TestNode;
  let desk: IouDesk;
  let mine: { contractId: string; offset: number };
  let theirs: { contractId: string; offset: number };
  let theirUpdateId: string;
  const as = () => ({ user: desk.users.alice });
  beforeAll(async () => {
    node = await startTestNode({ devnet: true });
    desk = await openIouDesk(node, 'v');
    mine = await desk.issue(desk.alice, '1');
    theirs = await desk.issue(desk.bob, '2');
    const update = await gqlData(
      node,
      'query($o: Offset!) { updateByOffset(offset: $o) { ... on Transaction { updateId } } }',
      { o: theirs.offset },
      { user: desk.users.bob },
    );
    theirUpdateId = update.updateByOffset.updateId;
  });
  afterAll(async () => {
    node?.closeStreams();
    await node?.close();
  });

  it("lists only the caller's own contracts", async () => {
    const data = await gqlData(node, '{ contracts { contractId witnessParties } }', {}, as());
    const ids = data.contracts.map((contract: { contractId: string }) => contract.contractId);
    expect(ids).toContain(mine.contractId);
    expect(ids).not.toContain(theirs.contractId);
  });

  it('refuses to read as a party the caller has no right for', async () => {
    const response = await gql(
      node,
      'query($p: [String!]) { contracts(filter: { parties: $p }) { contractId } }',
      { p: [desk.bob] },
      as(),
    );
    expect(response.status).toBe(403);
    expect(response.errors[0]?.extensions).toMatchObject({
      code: 'PERMISSION_DENIED',
      status: 403,
    });
    expect(response.data).toBeNull();
  });

  it("does not find another party's contract by id", async () => {
    const response = await gql(
      node,
      'query($id: ID!) { contract(contractId: $id) { contractId payload } }',
      { id: theirs.contractId },
      as(),
    );
    expect(response.errors[0]?.extensions?.code).toBe('CONTRACT_EVENTS_NOT_FOUND');
    expect(JSON.stringify(response.data)).not.toContain(desk.bob);
  });

  it("does not show another party's updates in a page, by id or by offset", async () => {
    const page = await gqlData(
      node,
      'query($b: Offset!) { updates(beginExclusive: $b) { updates { ... on Transaction { offset } } } }',
      { b: mine.offset - 1 },
      as(),
    );
    const offsets = page.updates.updates.map((update: { offset: number }) => update.offset);
    expect(offsets).toContain(mine.offset);
    expect(offsets).not.toContain(theirs.offset);
    const byId = await gql(
      node,
      'query($id: String!) { update(updateId: $id) { __typename } }',
      { id: theirUpdateId },
      as(),
    );
    expect(byId.errors[0]?.extensions?.code).toBe('UPDATE_NOT_FOUND');
    const byOffset = await gql(
      node,
      'query($o: Offset!) { updateByOffset(offset: $o) { __typename } }',
      { o: theirs.offset },
      as(),
    );
    expect(byOffset.errors[0]?.extensions?.code).toBe('UPDATE_NOT_FOUND');
  });

  it("does not stream another party's updates or contracts", async () => {
    const stream = await sseSubscribe(
      node,
      `subscription($b: Offset!) { updates(beginExclusive: $b, filter: { templateIds: ["${iouTemplate}"] }) { ... on Transaction { offset } } }`,
      { b: mine.offset - 1 },
      as(),
    );
    const later = await desk.issue(desk.alice, '3');
    const received = await stream.take(2);
    stream.close();
    expect(received.map((result) => result.data?.updates.offset)).toEqual([
      mine.offset,
      later.offset,
    ]);
    const client = await wsClient(node, as());
    const refused = client.subscribe(
      'subscription($p: [String!]) { contractCreated(beginExclusive: 0, filter: { parties: $p }) { contractId } }',
      { p: [desk.bob] },
    );
    const [result] = await refused.take(1);
    await client.dispose();
    expect(result?.errors?.[0]).toMatchObject({
      extensions: { code: 'PERMISSION_DENIED', status: 403 },
    });
  });

  it('does not let a user act as another party', async () => {
    const response = await gql(
      node,
      'mutation($c: JSON!) { submitCommands(commands: $c) { updateId } }',
      {
        c: {
          commandId: 'steal',
          actAs: [desk.bob],
          commands: [
            {
              ExerciseCommand: {
                templateId: iouTemplate,
                contractId: theirs.contractId,
                choice: 'Iou_Transfer',
                choiceArgument: { newOwner: desk.alice },
              },
            },
          ],
        },
      },
      as(),
    );
    expect(response.errors[0]?.extensions).toMatchObject({
      code: 'PERMISSION_DENIED',
      status: 403,
    });
  });
});
