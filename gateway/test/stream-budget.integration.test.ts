import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { allocateParty, createUser } from './ledger-fixtures.ts';
import {
  commitBulkyIous,
  type LedgerStreamClient,
  openUpdatesClient,
} from './slow-stream-clients.ts';
import { type StartedTestNode, startTestNode } from './test-node.ts';

// Each /v2/updates client is held to its own mark; all of them together are held to the
// process-wide budget: once they hold more, the client holding the most is cut off (1013). Three
// clients stop reading one after another, each once the one before is at its own mark, so at
// every crossing of the budget the one to cut is known. The loopback network buffers about
// 4 MB for a client that does not read, so each phase commits a few MB.

const mark = 512 * 1024;
const budget = 1024 * 1024;
const textBytes = 32 * 1024;

describe('the stream budget, over /v2/updates WebSocket clients', () => {
  let node: StartedTestNode | undefined;
  const clients: LedgerStreamClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    node?.closeStreams();
    await node?.close();
    node = undefined;
  });

  it('cuts off the paused client holding the most while a fast client gets every update', async () => {
    const started = await startTestNode({
      streamLimits: { highWaterMark: mark, stallTimeoutMs: 120_000, totalHighWaterMark: budget },
    });
    node = started;
    const bank = await allocateParty(started, 'bank');
    await createUser(started, 'banker', [bank]);
    const begin = started.node.reads.ledgerEnd({ kind: 'unrestricted' });
    const open = async (beginExclusive = begin) => {
      const client = await openUpdatesClient(started, {
        user: 'banker',
        parties: [bank],
        beginExclusive,
      });
      clients.push(client);
      return client;
    };
    const committed: number[] = [];
    // Commits a few bulky updates at a time until `holds` (bounded: it fails otherwise).
    const commitUntil = async (holds: () => boolean) => {
      for (let round = 0; round < 200 && !holds(); round += 1) {
        const batch = { user: 'banker', party: bank, count: 4, textBytes };
        committed.push(...(await commitBulkyIous(started, batch)));
        await sleep(5);
      }
      expect(holds()).toBe(true);
    };
    const stats = () => started.streamStats();
    const [fast, first, second, third] = [await open(), await open(), await open(), await open()];

    first.pause();
    await commitUntil(() => stats().peakBacklogBytes > mark);
    expect(stats().budgetCutOffs).toBe(0);
    // The first holds its mark; the second grows until both together pass the budget.
    second.pause();
    await commitUntil(() => stats().budgetCutOffs >= 1);
    await sleep(50);
    expect(stats().budgetCutOffs).toBe(1);
    first.resume();
    expect(await first.closed).toMatchObject({ code: 1013 });
    expect(first.messages.at(-1)).toMatchObject({ code: 'UNAVAILABLE', grpcCodeValue: 14 });
    expect(JSON.stringify(first.messages.at(-1))).toMatch(/bytes for its slow clients/);
    // Now the second holds its mark, and the third grows.
    third.pause();
    await commitUntil(() => stats().budgetCutOffs >= 2);
    await sleep(50);
    expect(stats().budgetCutOffs).toBe(2);
    second.resume();
    expect(await second.closed).toMatchObject({ code: 1013 });
    // Alone at its mark, the third is under the budget: it is never cut off.
    const end = committed.at(-1) ?? 0;
    third.resume();
    await third.until((client) => client.offsets().at(-1) === end);
    expect(third.offsets()).toEqual(committed);

    await fast.until((client) => client.offsets().at(-1) === end);
    expect(fast.offsets()).toEqual(committed);
    const { peakHeldBytes, cutOffs, budgetCutOffs } = stats();
    expect(peakHeldBytes).toBeGreaterThan(budget);
    expect(peakHeldBytes).toBeLessThanOrEqual(budget + 4 * fast.largestMessage());
    expect({ cutOffs, budgetCutOffs }).toEqual({ cutOffs: 0, budgetCutOffs: 2 });

    // Those cut off resume from the last offset they received: no gap, no duplicate.
    for (const cut of [first, second]) {
      const received = cut.offsets();
      expect(received.length).toBeLessThan(committed.length);
      const again = await open(received.at(-1) ?? begin);
      await again.until((client) => client.offsets().at(-1) === end);
      expect([...received, ...again.offsets()]).toEqual(committed);
    }
    expect(stats().budgetCutOffs).toBe(2);
  });
});
