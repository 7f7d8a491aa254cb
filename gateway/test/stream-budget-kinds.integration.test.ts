import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { allocateParty, createUser } from './ledger-fixtures.ts';
import {
  commitBulkyIous,
  type GraphQLWsSubscription,
  iouUpdatesSubscription,
  offsetsOf,
  openGraphQLWsSubscription,
  openPausedHttpClient,
} from './slow-stream-clients.ts';
import { type StartedTestNode, startTestNode } from './test-node.ts';

// The budget is one for every kind of stream: a graphql-ws subscriber and a server-sent event
// stream, each under its own mark, are cut off because together they hold more than the budget.
// Each follows the updates of a party of its own, so the test feeds one at a time and knows, at
// each crossing of the budget, which holds the most. The loopback network buffers about 4 MB
// for a client that does not read, so feeding a new one commits a few MB.

const mark = 768 * 1024;
const budget = 1024 * 1024;
const textBytes = 32 * 1024;
const query = iouUpdatesSubscription;

describe('the stream budget, across kinds of streams', () => {
  let node: StartedTestNode | undefined;
  const closers: Array<{ close(): void }> = [];
  afterEach(async () => {
    for (const client of closers.splice(0)) client.close();
    node?.closeStreams();
    await node?.close();
    node = undefined;
  });

  const desk = async () => {
    const started = await startTestNode({
      streamLimits: { highWaterMark: mark, stallTimeoutMs: 120_000, totalHighWaterMark: budget },
    });
    node = started;
    const [wsParty, sseParty] = [
      await allocateParty(started, 'ws'),
      await allocateParty(started, 'sse'),
    ];
    await createUser(started, 'banker', [wsParty, sseParty]);
    const stats = () => started.streamStats();
    const committed = new Map<string, number[]>([
      [wsParty, []],
      [sseParty, []],
    ]);
    // Commits updates of `party`, a few at a time while far from `near` bytes held, one at a
    // time close to it, until `holds` (bounded: it fails otherwise).
    const commitUntil = async (party: string, holds: () => boolean, near = budget) => {
      for (let round = 0; round < 400 && !holds(); round += 1) {
        const count = stats().heldBytes < near - 256 * 1024 ? 4 : 1;
        const batch = { user: 'banker', party, count, textBytes };
        committed.get(party)?.push(...(await commitBulkyIous(started, batch)));
        await sleep(5);
      }
      expect(holds()).toBe(true);
    };
    const subscribe = async (party: string) => {
      const b = started.node.reads.ledgerEnd({ kind: 'unrestricted' });
      const variables = { b, p: [party] };
      const subscription = await openGraphQLWsSubscription(started, {
        user: 'banker',
        query,
        variables,
      });
      closers.push(subscription);
      return subscription;
    };
    const openStuckSse = async (party: string) => {
      const variables = { b: started.node.reads.ledgerEnd({ kind: 'unrestricted' }), p: [party] };
      const stuck = await openPausedHttpClient(started.url, {
        method: 'POST',
        path: '/graphql',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${await started.token('banker')}`,
        },
        body: JSON.stringify({ query, variables }),
      });
      closers.push(stuck);
      return stuck;
    };
    return { wsParty, sseParty, stats, committed, commitUntil, subscribe, openStuckSse };
  };

  it('cuts off whichever kind holds the most once together they pass it', async () => {
    const { wsParty, sseParty, stats, committed, commitUntil, subscribe, openStuckSse } =
      await desk();
    const subscriber: GraphQLWsSubscription = await subscribe(wsParty);
    subscriber.pause();
    const stuck = await openStuckSse(sseParty);
    // The subscriber alone holds most of the budget, under its own mark.
    await commitUntil(wsParty, () => stats().heldBytes >= 640 * 1024, 640 * 1024);
    // The event stream grows until the two together pass the budget: the subscriber is cut.
    await commitUntil(sseParty, () => stats().budgetCutOffs >= 1);
    await sleep(50);
    expect(stats()).toMatchObject({ budgetCutOffs: 1, cutOffs: 0 });
    subscriber.resume();
    await subscriber.until((subscription) => subscription.error() !== undefined);
    expect(JSON.stringify(subscriber.error())).toMatch(/budget for slow subscribers/);
    const got = offsetsOf(subscriber.results);
    expect(got).toEqual(committed.get(wsParty)?.slice(0, got.length));

    // The event stream grows to most of the budget, under its own mark; a new subscriber grows
    // until the two together pass the budget again: now the event stream is cut off.
    await commitUntil(sseParty, () => stats().heldBytes >= 640 * 1024, 640 * 1024);
    const second = await subscribe(wsParty);
    second.pause();
    const before = committed.get(wsParty)?.length ?? 0;
    await commitUntil(wsParty, () => stats().budgetCutOffs >= 2);
    await sleep(50);
    expect(stats()).toMatchObject({ budgetCutOffs: 2, cutOffs: 0 });
    const largest = Math.max(...subscriber.results.map((result) => JSON.stringify(result).length));
    expect(stats().peakHeldBytes).toBeLessThanOrEqual(budget + 2 * (largest + 64));
    // Reading again, it finds what was written before the cut-off, the error and the end of the
    // stream, and then the server closes the idle connection (its keep-alive timeout, 5 s). Over
    // server-sent events each update comes with more than its text: all of them would be more.
    stuck.resume();
    const sseBytes = (committed.get(sseParty)?.length ?? 0) * textBytes;
    expect(await stuck.ended).toBeLessThan(sseBytes - 256 * 1024);
    // The second subscriber, never cut, gets every update since it subscribed.
    second.resume();
    const since = committed.get(wsParty)?.slice(before) ?? [];
    await second.until((subscription) => subscription.results.length === since.length);
    expect(offsetsOf(second.results)).toEqual(since);
    expect(second.error()).toBeUndefined();
  });
});
