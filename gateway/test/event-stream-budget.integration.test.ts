import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { guardEventStream } from '../src/http/event-stream-guard.ts';
import { createStreamBudget } from '../src/http/stream-budget.ts';
import { createStreamGauge } from '../src/http/stream-gauge.ts';
import { listen, type Started } from './http-harness.ts';
import { openPausedHttpClient, type PausedHttpClient } from './slow-stream-clients.ts';

// Server-sent event streams written without waiting for their clients (as the inspector's
// transition stream writes), each under its own mark, are cut off (their connection ended) once
// together they hold more than the budget, the one holding the most first. The test feeds one
// stream at a time, so it knows which holds the most; the loopback network buffers about 4 MB
// for a client that does not read, so feeding a stream writes a few MB.

const mark = 768 * 1024;
const budget = 1024 * 1024;
const event = `event: filler\ndata: "${'x'.repeat(32 * 1024)}"\n\n`;

describe('guarded event streams under one budget', () => {
  let server: Started | undefined;
  const clients: PausedHttpClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await server?.close();
  });

  it('cuts off the stream holding the most once together they pass it', async () => {
    const gauge = createStreamGauge();
    const streamBudget = createStreamBudget(budget);
    const limits = { highWaterMark: mark, stallTimeoutMs: 120_000 };
    const streams = new Map<string, { res: ServerResponse; sent: number }>();
    server = await listen((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      guardEventStream(res, { limits, gauge, budget: streamBudget });
      streams.set(req.url ?? '/', { res, sent: 0 });
    });
    const open = async (path: string) => {
      const client = await openPausedHttpClient(server?.url ?? '', {
        method: 'GET',
        path,
        // So that the connection closes as soon as the stream ends: the test waits for that.
        headers: { connection: 'close' },
      });
      clients.push(client);
      await expect.poll(() => streams.has(path)).toBe(true);
      return client;
    };
    // Writes events to the stream at `path` until `holds` (bounded: it fails otherwise).
    const feedUntil = async (path: string, holds: () => boolean) => {
      const stream = streams.get(path);
      for (let round = 0; round < 1000 && !holds() && stream; round += 1) {
        stream.res.write(event);
        stream.sent += 1;
        await sleep(0);
      }
      expect(holds()).toBe(true);
    };
    const [first, second] = [await open('/first'), await open('/second')];
    await feedUntil('/first', () => streamBudget.stats().heldBytes >= 640 * 1024);
    await feedUntil('/second', () => streamBudget.stats().budgetCutOffs >= 1);
    expect(streamBudget.stats().peakHeldBytes).toBeLessThanOrEqual(budget + event.length);
    expect(gauge.stats().cutOffs).toBe(0);
    // The first, holding the most, was ended: reading again, it finds less than was written.
    first.resume();
    expect(await first.ended).toBeLessThan((streams.get('/first')?.sent ?? 0) * event.length);
    // The second, alone under the budget, is fed on and gets every event.
    await feedUntil('/second', () => streamBudget.stats().heldBytes >= 640 * 1024);
    const second$ = streams.get('/second');
    second$?.res.end();
    second.resume();
    expect(await second.ended).toBeGreaterThan((second$?.sent ?? 0) * event.length);
    expect(streamBudget.stats()).toMatchObject({ heldBytes: 0, budgetCutOffs: 1 });
  });
});
