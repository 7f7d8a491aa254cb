import { afterEach, describe, expect, it } from 'vitest';
import { sseSubscribe } from './graphql-harness.ts';
import { allocateParty, createUser } from './ledger-fixtures.ts';
import {
  commitBulkyIous,
  type GraphQLWsSubscription,
  iouUpdatesSubscription,
  offsetsOf,
  openGraphQLWsSubscription,
  openPausedHttpClient,
  type PausedHttpClient,
} from './slow-stream-clients.ts';
import { type StartedTestNode, startTestNode } from './test-node.ts';

// A GraphQL subscriber that stops reading costs the server a bounded amount and never holds
// back another subscriber of the same (shared) execution. The loopback network buffers about
// 4 MB for a client that does not read, so each test commits about 10 MB of updates.

const mark = 256 * 1024;
const count = 300;
const textBytes = 32 * 1024;
const query = iouUpdatesSubscription;

describe('a GraphQL subscriber that stops reading', () => {
  let node: StartedTestNode | undefined;
  const closers: Array<{ close(): void }> = [];
  afterEach(async () => {
    for (const client of closers.splice(0)) client.close();
    node?.closeStreams();
    await node?.close();
  });

  const desk = async (stallTimeoutMs: number) => {
    const started = await startTestNode({ streamLimits: { highWaterMark: mark, stallTimeoutMs } });
    node = started;
    const bank = await allocateParty(started, 'bank');
    await createUser(started, 'banker', [bank]);
    const variables = { b: started.node.reads.ledgerEnd({ kind: 'unrestricted' }), p: [bank] };
    const commit = () =>
      commitBulkyIous(started, { user: 'banker', party: bank, count, textBytes });
    return { node: started, variables, commit };
  };

  it('over server-sent events is cut off, while another subscriber gets every update', async () => {
    const { node, variables, commit } = await desk(2000);
    const fast = await sseSubscribe(node, query, variables, { user: 'banker' });
    closers.push(fast);
    const stuck: PausedHttpClient = await openPausedHttpClient(node.url, {
      method: 'POST',
      path: '/graphql',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${await node.token('banker')}`,
      },
      body: JSON.stringify({ query, variables }),
    });
    closers.push(stuck);
    // The fast subscriber reads as the updates come.
    const receiving = fast.take(count);
    const committed = await commit();
    const received = await receiving;
    expect(offsetsOf(received)).toEqual(committed);
    await expect.poll(() => node.streamStats().cutOffs, { timeout: 10_000 }).toBe(1);
    // One event is at most one write past the mark: the JSON of one update and its framing.
    const largest = Math.max(...received.map((result) => JSON.stringify(result).length)) + 64;
    expect(node.streamStats().peakBacklogBytes).toBeLessThanOrEqual(mark + largest);
    // Reading again, it finds the connection ended: far less than the 10 MB committed.
    stuck.resume();
    expect(await stuck.ended).toBeLessThan(count * textBytes);
  });

  it('over graphql-ws is dropped once its backlog passes the mark, while another gets every update', async () => {
    const { node, variables, commit } = await desk(60_000);
    const open = async () => {
      const subscription = await openGraphQLWsSubscription(node, {
        user: 'banker',
        query,
        variables,
      });
      closers.push(subscription);
      return subscription;
    };
    const fast = await open();
    const slow: GraphQLWsSubscription = await open();
    slow.pause();
    const committed = await commit();
    await fast.until((subscription) => subscription.results.length === count);
    expect(offsetsOf(fast.results)).toEqual(committed);
    // The shared execution waits for no one: its frames wait in each socket, and a socket
    // holds at most the mark and the one frame that crossed it before its client is dropped.
    const frame = Math.max(...fast.results.map((result) => JSON.stringify(result).length)) + 64;
    expect(node.streamStats().peakBacklogBytes).toBeLessThanOrEqual(mark + frame);
    // Reading again, it gets what was sent, in order, then the error that dropped it.
    slow.resume();
    await slow.until((subscription) => subscription.error() !== undefined);
    expect(JSON.stringify(slow.error())).toMatch(/more than 262144 bytes behind/);
    const got = offsetsOf(slow.results);
    expect(got.length).toBeLessThan(count);
    expect(got).toEqual(committed.slice(0, got.length));
  });
});
