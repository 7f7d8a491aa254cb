import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loose, wsClient } from './graphql-harness.ts';
import { type IouDesk, openIouDesk } from './graphql-ledger.ts';
import { iouTemplate } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

/** An updates subscription of its own (the alias makes each a distinct operation). */
const replay = (alias: string) => `subscription($p: [String!]) {
  ${alias}: updates(beginExclusive: 0, filter: { parties: $p, templateIds: ["${iouTemplate}"] }) {
    ... on Transaction { offset }
  }
}`;

const history = 60;

describe('graphql-ws subscriptions replaying the ledger', () => {
  let node: TestNode;
  let desk: IouDesk;
  const issued: number[] = [];
  beforeAll(async () => {
    node = await startTestNode();
    desk = await openIouDesk(node, 'r');
    for (let index = 1; index <= history; index += 1) {
      issued.push((await desk.issue(desk.alice, `${index}.0`)).offset);
    }
  });
  afterAll(async () => {
    node?.closeStreams();
    await node?.close();
  });

  it('replay the whole history to each of many subscriptions of one connection, in order', async () => {
    const client = await wsClient(node, { user: desk.users.alice });
    const streams = Array.from({ length: 100 }, (_, index) =>
      client.subscribe(replay(`u${index}`), { p: [desk.alice] }),
    );
    const results = await Promise.all(streams.map((stream) => stream.take(history)));
    await client.dispose();
    for (const [index, taken] of results.entries()) {
      const offsets = taken.map((result) => (result.data as Loose)[`u${index}`].offset as number);
      expect(offsets).toEqual(issued);
    }
  });

  it('refuses the 101st subscription of a connection with TOO_MANY_SUBSCRIPTIONS, and takes one again once another completed', async () => {
    const client = await wsClient(node, { user: desk.users.alice });
    const open = Array.from({ length: 100 }, (_, index) =>
      client.subscribe(replay(`o${index}`), { p: [desk.alice] }),
    );
    await Promise.all(open.map((stream) => stream.take(1)));
    const [refused] = await client.subscribe(replay('over'), { p: [desk.alice] }).take(1);
    expect(refused?.errors?.[0]).toMatchObject({
      extensions: { code: 'TOO_MANY_SUBSCRIPTIONS', status: 429 },
    });
    open[0]?.close();
    // graphql-ws sends the completion before the next subscribe, on the same socket, in order.
    const [accepted] = await client.subscribe(replay('again'), { p: [desk.alice] }).take(1);
    expect(accepted?.errors).toBeUndefined();
    expect(accepted?.data).toMatchObject({ again: { offset: issued[0] } });
    await client.dispose();
  });
});
