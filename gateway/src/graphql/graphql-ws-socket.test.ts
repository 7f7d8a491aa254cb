import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebSocketServer, WebSocket as WsClient } from 'ws';
import { createStreamBudget } from '../http/stream-budget.ts';
import { createStreamGauge } from '../http/stream-gauge.ts';
import { createFrameWriter, createTurnWrites, type FrameWriter } from './graphql-ws-socket.ts';

/** A real `ws` server whose one connection gets a frame writer; `use` writes with it. */
async function connected(use: (writer: FrameWriter) => void, budgetBytes?: number) {
  const server = createServer();
  const sockets = new WebSocketServer({ server });
  const gauge = createStreamGauge();
  const output = {
    writeAtTurnEnd: createTurnWrites(),
    maxHeldBytes: 64 * 1024 * 1024,
    gauge,
    ...(budgetBytes === undefined ? {} : { budget: createStreamBudget(budgetBytes) }),
  };
  sockets.on('connection', (socket, request) =>
    use(createFrameWriter({ socket, request }, output)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const received: string[] = [];
  client.onmessage = (event) => void received.push(String(event.data));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    client.onclose = (event) => resolve({ code: event.code, reason: event.reason });
  });
  const stop = () => {
    sockets.close();
    server.close();
  };
  return { received, closed, stop, gauge };
}

const bytes = (text: string) => Buffer.from(text);

describe("a graphql-ws connection's frame writer", () => {
  it('writes a turn’s messages in the order made, each shared frame as one message, and closes behind them', async () => {
    const body = bytes('{"data":{"n":1}}}');
    const { received, closed, stop } = await connected((writer) => {
      void writer.send('{"type":"connection_ack"}');
      expect(writer.offer(bytes('{"id":"a","type":"next","payload":'), body)).toBe(true);
      expect(writer.offer(bytes('{"id":"b","type":"next","payload":'), body)).toBe(true);
      void writer.send('{"id":"a","type":"complete"}');
      writer.end(4400, 'done here');
      // Asked to close, it still writes what is sent in the same turn before the close.
      void writer.send('{"id":"b","type":"complete"}');
    });
    expect(await closed).toEqual({ code: 4400, reason: 'done here' });
    stop();
    expect(received).toEqual([
      '{"type":"connection_ack"}',
      '{"id":"a","type":"next","payload":{"data":{"n":1}}}',
      '{"id":"b","type":"next","payload":{"data":{"n":1}}}',
      '{"id":"a","type":"complete"}',
      '{"id":"b","type":"complete"}',
    ]);
  });

  it('records what a connection holds once its turn is written, not the turn corked', async () => {
    const body = bytes(`${JSON.stringify({ data: { text: 'x'.repeat(1000) } })}}`);
    const { received, stop, gauge } = await connected((writer) => {
      for (let index = 0; index < 64; index += 1)
        writer.offer(bytes('{"id":"a","type":"next","payload":'), body);
    });
    await expect.poll(() => received.length).toBe(64);
    stop();
    // 64 KB went out in one turn to a client that reads: the kernel took it at once.
    expect(gauge.stats().peakBacklogBytes).toBeLessThan(64 * 1000);
  });

  it('cut off by the budget as its turn is written, sends what its subscriptions end with, then closes', async () => {
    // 16 MB in one turn is more than the socket takes at once: what it still holds once the
    // turn is written is over a budget of 1 KB, so the budget cuts it off right then.
    const body = bytes(`${JSON.stringify({ data: { text: 'x'.repeat(64 * 1024) } })}}`);
    const { received, closed, stop } = await connected((writer) => {
      writer.onCutOff(() => {
        // graphql-ws sends the subscriptions' errors a few promise turns later.
        void Promise.resolve().then(() => writer.send('{"id":"a","type":"error","payload":[]}'));
      });
      for (let index = 0; index < 256; index += 1) {
        writer.offer(bytes('{"id":"a","type":"next","payload":'), body);
      }
    }, 1024);
    expect((await closed).code).toBe(1013);
    stop();
    expect(received).toHaveLength(257);
    expect(received.at(-1)).toBe('{"id":"a","type":"error","payload":[]}');
  });

  it('keeps a slow client’s frames intact while the turns’ writes go on to others', async () => {
    // Two connections written turn after turn: the slow one (its client stops reading) soon
    // keeps what it was given, and the frames the fast one gets must not land on its bytes.
    const server = createServer();
    const sockets = new WebSocketServer({ server });
    const output = { writeAtTurnEnd: createTurnWrites(), maxHeldBytes: 1024 * 1024 * 1024 };
    const writers: FrameWriter[] = [];
    sockets.on('connection', (socket, request) => {
      writers.push(createFrameWriter({ socket, request }, output));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const open = async () => {
      const client = new WsClient(url);
      const received: string[] = [];
      client.on('message', (data) => void received.push(String(data)));
      await new Promise((resolve) => client.once('open', resolve));
      return { client, received };
    };
    const slow = await open();
    await expect.poll(() => writers.length).toBe(1);
    const fast = await open();
    await expect.poll(() => writers.length).toBe(2);
    slow.client.pause();
    const turns = 48;
    const expected: string[] = [];
    for (let turn = 0; turn < turns; turn += 1) {
      const body = bytes(
        `${JSON.stringify({ data: { turn, text: String(turn % 10).repeat(256 * 1024) } })}}`,
      );
      for (const writer of writers) writer.offer(bytes('{"id":"a","type":"next","payload":'), body);
      expected.push(`{"id":"a","type":"next","payload":${body.toString()}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect.poll(() => fast.received.length, { timeout: 10_000 }).toBe(turns);
    slow.client.resume();
    await expect.poll(() => slow.received.length, { timeout: 10_000 }).toBe(turns);
    for (const client of [slow.client, fast.client]) client.terminate();
    sockets.close();
    server.close();
    expect(fast.received).toEqual(expected);
    expect(slow.received).toEqual(expected);
  });
});
