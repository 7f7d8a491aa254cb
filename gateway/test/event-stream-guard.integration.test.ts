import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { guardEventStream } from '../src/http/event-stream-guard.ts';
import { createStreamGauge } from '../src/http/stream-gauge.ts';
import { listen, type Started } from './http-harness.ts';
import { openEventStream } from './inspect-event-stream.ts';
import { openPausedHttpClient, type PausedHttpClient } from './slow-stream-clients.ts';

// A server-sent event stream written without waiting for its client (as the inspector's
// transition stream writes) cuts off a client that stops reading as soon as it holds more
// than the mark for it; EventSource clients reconnect. The loopback network buffers about
// 4 MB for a client that does not read, so the stream here carries about 13 MB.

const mark = 256 * 1024;
const eventCount = 400;
const event = `event: filler\ndata: "${'x'.repeat(32 * 1024)}"\n\n`;

describe('a guarded event stream whose client stops reading', () => {
  let server: Started | undefined;
  let stuck: PausedHttpClient | undefined;
  afterEach(async () => {
    stuck?.close();
    await server?.close();
  });

  const gauge = createStreamGauge();
  const serve = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    guardEventStream(res, { limits: { highWaterMark: mark, stallTimeoutMs: 60_000 }, gauge });
    let sent = 0;
    const next = () => {
      res.write(event);
      sent += 1;
      if (sent < eventCount && !res.destroyed) setImmediate(next);
      else res.end();
    };
    next();
  };

  it('is cut off over the mark, while another client gets every event', async () => {
    server = await listen((_req, res) => serve(res));
    stuck = await openPausedHttpClient(server.url, { method: 'GET', path: '/', headers: {} });
    const fast = await openEventStream(server.url);
    let events = 0;
    while ((await fast.until('filler')) !== null) events += 1;
    expect(events).toBe(eventCount);
    await expect.poll(() => gauge.stats().cutOffs, { timeout: 10_000 }).toBe(1);
    expect(gauge.stats().peakBacklogBytes).toBeGreaterThan(mark);
    expect(gauge.stats().peakBacklogBytes).toBeLessThanOrEqual(mark + event.length);
    stuck.resume();
    expect(await stuck.ended).toBeLessThan(eventCount * event.length);
  });
});
