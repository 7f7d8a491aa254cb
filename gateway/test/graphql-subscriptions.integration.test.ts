import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, type Loose, sseSubscribe, wsClient } from './graphql-harness.ts';
import { type IouDesk, openIouDesk } from './graphql-ledger.ts';
import { streamOverWebSocket } from './ledger-calls.ts';
import { iouTemplate, wildcardFor } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

const updatesSubscription = `subscription($b: Offset!, $p: [String!]) {
  updates(beginExclusive: $b, filter: { parties: $p, templateIds: ["${iouTemplate}"] }) {
    ... on Transaction { offset events { contractId ... on CreatedEvent { contract { payload } } } }
  }
}`;

type Taken = Array<{ data?: Loose | null | undefined; errors?: unknown }>;
const ascending = (offsets: number[]) => [...offsets].sort((a, b) => a - b);
const offsetsOf = (results: Taken) =>
  results.map((result) => result.data?.updates.offset as number);
const amountsOf = (results: Taken) =>
  results.map((result) => result.data?.updates.events[0].contract.payload.amount as string);

/** Issues `count` Ious to alice, one after another without waiting in between. */
async function burst(desk: IouDesk, count: number, from = 1) {
  const amounts = Array.from({ length: count }, (_, index) => `${from + index}.0000000000`);
  const issued = amounts.map((amount) => desk.issue(desk.alice, amount));
  return Promise.all(issued);
}

describe('GraphQL subscriptions', () => {
  let node: TestNode;
  let desk: IouDesk;
  beforeAll(async () => {
    node = await startTestNode({ devnet: true });
    desk = await openIouDesk(node, 's');
  });
  afterAll(async () => {
    node?.closeStreams();
    await node?.close();
  });

  const ledgerEnd = () => node.node.reads.ledgerEnd({ kind: 'unrestricted' });

  it('delivers every update of a burst in order over server-sent events', async () => {
    const stream = await sseSubscribe(
      node,
      updatesSubscription,
      { b: ledgerEnd() },
      { user: desk.users.alice },
    );
    expect(stream.status).toBe(200);
    const issued = await burst(desk, 40);
    const received = await stream.take(40);
    stream.close();
    // Concurrent submissions commit in any order; the stream follows the ledger's order.
    expect(offsetsOf(received)).toEqual(ascending(issued.map((iou) => iou.offset)));
    expect(new Set(amountsOf(received)).size).toBe(40);
  });

  it('delivers every update of a burst in order over WebSocket', async () => {
    const client = await wsClient(node, { user: desk.users.alice });
    const stream = client.subscribe(updatesSubscription, { b: ledgerEnd() });
    // The subscription is established once history (empty here) has been read; a first update
    // proves it, then the burst follows.
    const [firstIou] = await burst(desk, 1, 1000);
    const [first] = await stream.take(1);
    expect(first?.data?.updates.offset).toBe(firstIou?.offset);
    const issued = await burst(desk, 60);
    const received = await stream.take(60);
    stream.close();
    await client.dispose();
    expect(offsetsOf(received)).toEqual(ascending(issued.map((iou) => iou.offset)));
  });

  it('resumes from the last offset received with no gap and no duplicate', async () => {
    const start = ledgerEnd();
    const before = await burst(desk, 20, 2000);
    const client = await wsClient(node, { user: desk.users.alice });
    const firstPart = client.subscribe(updatesSubscription, { b: start });
    const received = await firstPart.take(8);
    firstPart.close();
    await client.dispose();
    const during = await burst(desk, 15, 3000);
    const last = offsetsOf(received).at(-1) ?? start;
    const again = await wsClient(node, { user: desk.users.alice, viaHeader: true });
    const rest = again.subscribe(updatesSubscription, { b: last });
    const after = burst(desk, 5, 4000);
    received.push(...(await rest.take(20 + 15 + 5 - 8)));
    rest.close();
    await again.dispose();
    const expected = [...before, ...during, ...(await after)].map((iou) => iou.offset);
    expect(offsetsOf(received)).toEqual(ascending(expected));
  });

  it('gives identical subscribers every update, whether they joined one execution or came later', async () => {
    const begin = ledgerEnd();
    const first = await sseSubscribe(
      node,
      updatesSubscription,
      { b: begin },
      { user: desk.users.alice },
    );
    const second = await sseSubscribe(
      node,
      updatesSubscription,
      { b: begin },
      { user: desk.users.alice },
    );
    const issued = await burst(desk, 10, 5000);
    const expected = ascending(issued.map((iou) => iou.offset));
    const [one, two] = await Promise.all([first.take(10), second.take(10)]);
    // A third, after the shared execution has produced results, starts its own from `begin`.
    const third = await sseSubscribe(
      node,
      updatesSubscription,
      { b: begin },
      { user: desk.users.alice },
    );
    const three = await third.take(10);
    for (const stream of [first, second, third]) stream.close();
    expect(offsetsOf(one)).toEqual(expected);
    expect(offsetsOf(two)).toEqual(expected);
    expect(offsetsOf(three)).toEqual(expected);
  });

  it('streams the contracts created and archived for the caller', async () => {
    const client = await wsClient(node, { user: desk.users.alice });
    const begin = ledgerEnd();
    const created = client.subscribe(
      `subscription($b: Offset) { contractCreated(beginExclusive: $b, filter: { templateIds: ["${iouTemplate}"] }) { contractId createdOffset } }`,
      { b: begin },
    );
    const archived = client.subscribe(
      'subscription($b: Offset) { contractArchived(beginExclusive: $b) { contractId offset choice } }',
      { b: begin },
    );
    const iou = await desk.issue(desk.alice, '5');
    const transferredAt = await desk.transfer(iou.contractId, desk.alice, desk.bob);
    expect(await created.take(1)).toEqual([
      { data: { contractCreated: { contractId: iou.contractId, createdOffset: iou.offset } } },
    ]);
    expect(await archived.take(1)).toEqual([
      {
        data: {
          contractArchived: {
            contractId: iou.contractId,
            offset: transferredAt,
            choice: 'Iou_Transfer',
          },
        },
      },
    ]);
    created.close();
    archived.close();
    await client.dispose();
  });

  it('streams the transitions of the actors the caller may see', async () => {
    const client = await wsClient(node, { user: desk.users.alice });
    const transitions = client.subscribe(
      'subscription { actorTransitions(machine: "mining-round") { actorId machine from to actor { id state } } }',
    );
    // Nothing tells when the subscription is in place, so rounds advance until one is heard.
    const heard = transitions.take(1);
    let taken: Taken | undefined;
    while (taken === undefined) {
      await gqlData(node, 'mutation { advanceRounds(count: 1) { micros } }');
      taken = await Promise.race([heard, new Promise<undefined>((r) => setTimeout(r, 50))]);
    }
    const [transition] = taken;
    expect(transition?.data?.actorTransitions).toMatchObject({
      machine: 'mining-round',
      to: expect.any(String),
    });
    transitions.close();
    await client.dispose();
  });

  it('refuses a WebSocket subscription without a token', async () => {
    const client = await wsClient(node, { user: null });
    const stream = client.subscribe(updatesSubscription, { b: 0 });
    const [result] = await stream.take(1);
    await client.dispose();
    expect(result?.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) }),
    ]);
  });

  it('leaves the Ledger API WebSockets working beside GraphQL', async () => {
    const iou = await desk.issue(desk.alice, '9');
    const request = {
      beginExclusive: iou.offset - 1,
      endInclusive: iou.offset,
      updateFormat: {
        includeTransactions: {
          eventFormat: wildcardFor(desk.alice),
          transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
        },
      },
    };
    const result = await streamOverWebSocket(node, {
      path: '/v2/updates',
      user: desk.users.alice,
      request,
    });
    expect(result.closedByServer).toBe(true);
    expect(result.messages).toHaveLength(1);
  });
});
