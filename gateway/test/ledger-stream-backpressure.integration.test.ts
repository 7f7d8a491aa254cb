import { afterEach, describe, expect, it } from 'vitest';
import { allocateParty, createUser } from './ledger-fixtures.ts';
import {
  commitBulkyIous,
  type LedgerStreamClient,
  openUpdatesClient,
} from './slow-stream-clients.ts';
import { type StartedTestNode, startTestNode } from './test-node.ts';

// A /v2/updates WebSocket client that stops reading must cost the server no more than its stream
// limit, must not hold back another client, and must still get every update exactly once.
// The loopback network itself buffers about 4 MB for a client that does not read, so the
// updates committed here (about 12 MB) go well past it and past the mark many times over.

const mark = 256 * 1024;
const count = 360;
const textBytes = 32 * 1024;

describe('a /v2/updates WebSocket client that stops reading', () => {
  let node: StartedTestNode | undefined;
  const clients: LedgerStreamClient[] = [];
  afterEach(async () => {
    // A paused client would hold the server's close for the whole closing handshake.
    for (const client of clients.splice(0)) client.close();
    node?.closeStreams();
    await node?.close();
    node = undefined;
  });

  const desk = async (limits: { stallTimeoutMs: number }) => {
    node = await startTestNode({ streamLimits: { highWaterMark: mark, ...limits } });
    const bank = await allocateParty(node, 'bank');
    await createUser(node, 'banker', [bank]);
    const begin = node.node.reads.ledgerEnd({ kind: 'unrestricted' });
    const open = async (beginExclusive = begin) => {
      const client = await openUpdatesClient(node as StartedTestNode, {
        user: 'banker',
        parties: [bank],
        beginExclusive,
      });
      clients.push(client);
      return client;
    };
    const commit = () =>
      commitBulkyIous(node as StartedTestNode, { user: 'banker', party: bank, count, textBytes });
    return { node, bank, open, commit };
  };

  it('is paused and caught up from the update log, while a fast client gets every update', async () => {
    const { node, open, commit } = await desk({ stallTimeoutMs: 120_000 });
    const fast = await open();
    const slow = await open();
    slow.pause();
    const committed = await commit();
    const end = committed.at(-1) ?? 0;
    // The fast client has everything while the slow one still reads nothing.
    await fast.until((client) => client.offsets().at(-1) === end);
    expect(fast.offsets()).toEqual(committed);
    const { peakBacklogBytes, cutOffs } = node.streamStats();
    // The slow client did reach the mark, and the server held no more than one message past it.
    expect(peakBacklogBytes).toBeGreaterThan(mark);
    expect(peakBacklogBytes).toBeLessThanOrEqual(mark + fast.largestMessage());
    expect(cutOffs).toBe(0);

    slow.resume();
    await slow.until((client) => client.offsets().at(-1) === end);
    expect(slow.offsets()).toEqual(committed);
  });

  it('is cut off with 1013 when it stays over the mark, and resumes from its last offset', async () => {
    const { node, open, commit } = await desk({ stallTimeoutMs: 200 });
    const fast = await open();
    const slow = await open();
    slow.pause();
    const committed = await commit();
    const end = committed.at(-1) ?? 0;
    await fast.until((client) => client.offsets().at(-1) === end);
    expect(fast.offsets()).toEqual(committed);
    await expect.poll(() => node.streamStats().cutOffs, { timeout: 10_000 }).toBe(1);
    expect(node.streamStats().peakBacklogBytes).toBeLessThanOrEqual(mark + fast.largestMessage());

    // Reading again, it finds what was sent before the cut-off, the error, then close 1013.
    slow.resume();
    expect(await slow.closed).toMatchObject({ code: 1013 });
    expect(slow.messages.at(-1)).toMatchObject({ code: 'UNAVAILABLE', grpcCodeValue: 14 });
    const received = slow.offsets();
    expect(received.length).toBeLessThan(committed.length);
    const last = received.at(-1) ?? 0;
    const again = await open(last);
    await again.until((client) => client.offsets().at(-1) === end);
    expect([...received, ...again.offsets()]).toEqual(committed);
  });
});
