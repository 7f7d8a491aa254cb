import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fc, test } from '@fast-check/vitest';
import { buildSchema, type ExecutionResult } from 'graphql';
import { CloseCode, MessageType, makeServer, parseMessage, stringifyMessage } from 'graphql-ws';
import { describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { nextFrameBody, nextFrameHead } from './shared-frames.ts';

// What shared subscription frames rely on in graphql-ws, beyond its signatures: should an
// upgrade change any of it, this fails before a subscriber misses a result.

const schema = buildSchema('type Query { a: Int } type Subscription { b: Int }');
const turn = () => new Promise((done) => setImmediate(done));

type Ending = { readonly error: Error } | 'done';

/** An iterable that yields nothing and ends as told; it records `return()`. */
function held() {
  let finish: ((ending: Ending) => void) | null = null;
  const ended = new Promise<Ending>((resolve) => (finish = resolve));
  const state = { returned: false, end: (ending: Ending) => finish?.(ending) };
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    [Symbol.asyncIterator]: () => iterator,
    next: async () => {
      const ending = await ended;
      if (ending === 'done') return { value: undefined, done: true };
      throw ending.error;
    },
    return: async () => {
      state.returned = true;
      finish?.('done');
      return { value: undefined, done: true };
    },
  };
  return { iterator, state };
}

/** graphql-ws's server on a socket of our own, subscribed once with id `s1`. */
async function subscribed() {
  const subscription = held();
  const server = makeServer({ schema, subscribe: () => subscription.iterator });
  const sent: string[] = [];
  let handle: (data: string) => Promise<void> = async () => {};
  const closes: number[] = [];
  server.opened(
    {
      protocol: 'graphql-transport-ws',
      send: (data) => void sent.push(data),
      close: (code) => void closes.push(code ?? 0),
      onMessage: (handler) => {
        handle = handler;
      },
    },
    {},
  );
  await handle(stringifyMessage({ type: MessageType.ConnectionInit }));
  const subscribe = { id: 's1', type: MessageType.Subscribe, payload: { query: '{ a }' } };
  void handle(
    stringifyMessage({ ...subscribe, payload: { query: 'subscription { b }' } } as never),
  );
  await turn();
  const messages = () => sent.map((data) => parseMessage(data));
  return { ...subscription, messages, handle, closes };
}

describe('graphql-ws, as shared frames use it', () => {
  test.prop([fc.string({ minLength: 1 }), fc.jsonValue()])(
    'parses a next frame built from its head and the payload’s JSON as its own',
    (id, data) => {
      const payload = { data: { value: data } };
      const frame = `${nextFrameHead(id)}${nextFrameBody(payload)}`;
      const own = stringifyMessage({ id, type: MessageType.Next, payload });
      expect(frame).toBe(own);
      expect(parseMessage(frame)).toEqual(parseMessage(own));
    },
  );

  it('sends nothing for a subscription until its iterable ends, then completes it', async () => {
    const { state, messages } = await subscribed();
    expect(messages()).toEqual([{ type: MessageType.ConnectionAck }]);
    state.end('done');
    await turn();
    expect(messages().slice(1)).toEqual([{ id: 's1', type: MessageType.Complete }]);
  });

  it('sends the error its iterable fails with, and no complete', async () => {
    const { state, messages } = await subscribed();
    state.end({ error: new Error('fell behind') });
    await turn();
    expect(messages().slice(1)).toEqual([
      { id: 's1', type: MessageType.Error, payload: [{ message: 'fell behind' }] },
    ]);
  });

  it('calls return() when the client completes the subscription, and sends nothing', async () => {
    const { state, messages, handle, closes } = await subscribed();
    await handle(stringifyMessage({ id: 's1', type: MessageType.Complete }));
    await turn();
    expect(state.returned).toBe(true);
    expect(messages().slice(1)).toEqual([]);
    expect(closes).not.toContain(CloseCode.SubscriberAlreadyExists);
  });

  it('reaches a WebSocket client as the text message it is when sent as UTF-8 bytes', async () => {
    // `ws`'s documented `binary` option: bytes handed over with `binary: false` go as a text
    // message; a client (Node's WebSocket, as a browser's) reads the string graphql-ws would send.
    const server = createServer();
    const sockets = new WebSocketServer({ server });
    const payload = { data: { value: 'ünïcode ✓' } };
    sockets.on('connection', (socket) => {
      const frame = Buffer.from(`${nextFrameHead('s1')}${nextFrameBody(payload)}`);
      socket.send(frame.subarray(0), { binary: false });
      socket.send(stringifyMessage({ id: 's1', type: MessageType.Complete }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const received: unknown[] = [];
    await new Promise<void>((resolve) => {
      client.onmessage = (event) => {
        received.push(event.data);
        if (received.length === 2) resolve();
      };
    });
    client.close();
    sockets.close();
    server.close();
    expect(received).toEqual([
      stringifyMessage({ id: 's1', type: MessageType.Next, payload }),
      stringifyMessage({ id: 's1', type: MessageType.Complete }),
    ]);
  });
});
