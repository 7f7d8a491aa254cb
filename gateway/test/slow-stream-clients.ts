import { connect, type Socket } from 'node:net';
import { WebSocket } from 'ws';
import { commands, iouTemplate, json } from './ledger-fixtures.ts';
import type { TestNode } from './test-node.ts';

// Clients of the Ledger API's WebSocket streams that can stop reading (their TCP socket paused,
// as a client that is busy or stuck does), for the tests of what a slow client costs the server.

export type LedgerStreamClient = {
  /** Every message received, parsed. */
  readonly messages: unknown[];
  /** The offsets of the update messages received, in order. */
  offsets(): number[];
  /** The longest message received, in bytes. */
  largestMessage(): number;
  /** Resolves once `holds` is true of the messages received (or rejects if the socket closes). */
  until(holds: (client: LedgerStreamClient) => boolean): Promise<void>;
  /** The close code and reason, once the socket has closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Stops reading: what the server sends stays in the network buffers and then in its own. */
  pause(): void;
  resume(): void;
  close(): void;
};

type UpdateMessage = { update?: { Transaction?: { value: { offset: number } } } };

const offsetOf = (message: unknown) =>
  (message as UpdateMessage).update?.Transaction?.value.offset ?? null;

/** Opens `/v2/updates` for `parties` after `beginExclusive`, as `user`. */
export async function openUpdatesClient(
  node: TestNode,
  options: { user: string; parties: readonly string[]; beginExclusive: number },
): Promise<LedgerStreamClient> {
  const token = await node.token(options.user);
  const ws = new WebSocket(`${node.wsUrl}/v2/updates`, ['daml.ws.auth', `jwt.token.${token}`]);
  const messages: unknown[] = [];
  let largest = 0;
  const waiters = new Set<() => void>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: String(reason) });
      for (const wake of waiters) wake();
    });
  });
  ws.on('message', (data) => {
    const text = String(data);
    largest = Math.max(largest, Buffer.byteLength(text));
    messages.push(JSON.parse(text));
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const filter = {
    filtersByParty: Object.fromEntries(options.parties.map((party) => [party, {}])),
  };
  ws.send(JSON.stringify({ beginExclusive: options.beginExclusive, filter, verbose: false }));
  const tcp = () => (ws as unknown as { _socket: Socket })._socket;
  const client: LedgerStreamClient = {
    messages,
    offsets: () => messages.map(offsetOf).filter((offset) => offset !== null),
    largestMessage: () => largest,
    until: (holds) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (holds(client)) {
            waiters.delete(check);
            resolve();
          } else if (ws.readyState === WebSocket.CLOSED) {
            waiters.delete(check);
            reject(new Error(`the stream closed after ${messages.length} messages`));
          }
        };
        waiters.add(check);
        check();
      }),
    closed,
    pause: () => tcp().pause(),
    resume: () => tcp().resume(),
    close: () => ws.terminate(),
  };
  return client;
}

/**
 * Commits `count` Iou creates of `party` (as `user`), each carrying `textBytes` of text, a few
 * at a time; their offsets in ledger order.
 */
export async function commitBulkyIous(
  node: TestNode,
  options: { user: string; party: string; count: number; textBytes: number },
): Promise<number[]> {
  const filler = 'x'.repeat(options.textBytes);
  const offsets: number[] = [];
  const submit = async (index: number) => {
    const create = {
      CreateCommand: {
        templateId: iouTemplate,
        createArguments: {
          issuer: options.party,
          owner: options.party,
          amount: '1.0',
          observers: [],
          currency: `${index}-${filler}`,
        },
      },
    };
    const body = commands([options.party], [create]);
    const answer = await json<{ completionOffset: number }>(
      await node.call('/v2/commands/submit-and-wait', { user: options.user, body }),
    );
    offsets.push(answer.completionOffset);
  };
  const lanes = 4;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let index = lane; index < options.count; index += lanes) await submit(index);
    }),
  );
  return offsets.sort((a, b) => a - b);
}

export type PausedHttpClient = {
  /** Reads again: takes what the server sent, until the connection ends. */
  resume(): void;
  /** Resolves with the bytes read once the server has ended or cut the connection. */
  readonly ended: Promise<number>;
  close(): void;
};

/** Sends one HTTP request over a raw TCP socket and then reads nothing (a stuck client). */
export async function openPausedHttpClient(
  url: string,
  request: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<PausedHttpClient> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const body = request.body ?? '';
  const headers = { ...request.headers, host: `${hostname}:${port}` };
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `content-length: ${Buffer.byteLength(body)}`,
  ].join('\r\n');
  let read = 0;
  socket.on('data', (chunk: Buffer) => {
    read += chunk.length;
  });
  // Explicitly paused, the socket stays so with a data listener: nothing is read from now on.
  socket.pause();
  socket.write(`${head}\r\n\r\n${body}`);
  const ended = new Promise<number>((resolve) => {
    socket.on('close', () => resolve(read));
    socket.on('error', () => undefined);
  });
  return { resume: () => socket.resume(), ended, close: () => socket.destroy() };
}

type GraphQLWsMessage = { id?: string; type: string; payload?: unknown };

export type GraphQLWsSubscription = {
  /** The payloads of the `next` messages received, in order. */
  readonly results: Array<{ data?: Record<string, unknown> | null }>;
  /** The payload of the `error` message, if the subscription failed. */
  error(): unknown;
  until(holds: (subscription: GraphQLWsSubscription) => boolean): Promise<void>;
  pause(): void;
  resume(): void;
  close(): void;
};

/** One subscription over graphql-ws (`graphql-transport-ws`), spoken by hand so it can pause. */
export async function openGraphQLWsSubscription(
  node: TestNode,
  options: { user: string; query: string; variables: Record<string, unknown> },
): Promise<GraphQLWsSubscription> {
  const ws = new WebSocket(`${node.wsUrl}/graphql`, 'graphql-transport-ws');
  const results: GraphQLWsSubscription['results'] = [];
  let failure: unknown;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  const acknowledged = new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as GraphQLWsMessage;
      if (message.type === 'connection_ack') resolve();
      if (message.type === 'next') results.push(message.payload as (typeof results)[number]);
      if (message.type === 'error') failure = message.payload;
      wake();
    });
  });
  ws.on('close', wake);
  await new Promise<void>((resolve) => ws.once('open', () => resolve()));
  const authorization = `Bearer ${await node.token(options.user)}`;
  ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization } }));
  await acknowledged;
  const { query, variables } = options;
  ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
  const tcp = () => (ws as unknown as { _socket: Socket })._socket;
  const subscription: GraphQLWsSubscription = {
    results,
    error: () => failure,
    until: (holds) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (holds(subscription)) {
            waiters.delete(check);
            resolve();
          } else if (ws.readyState === WebSocket.CLOSED) {
            waiters.delete(check);
            reject(new Error(`the socket closed after ${results.length} results`));
          }
        };
        waiters.add(check);
        check();
      }),
    pause: () => tcp().pause(),
    resume: () => tcp().resume(),
    close: () => ws.terminate(),
  };
  return subscription;
}

/** A GraphQL subscription to Iou creates with their payloads: large updates fill buffers fast. */
export const iouUpdatesSubscription = `subscription($b: Offset!, $p: [String!]) {
  updates(beginExclusive: $b, filter: { parties: $p, templateIds: ["${iouTemplate}"] }) {
    ... on Transaction { offset events { ... on CreatedEvent { contract { payload } } } }
  }
}`;

type UpdateResult = { data?: { updates?: { offset?: number } } | null };

/** The offsets of GraphQL `updates` results, in order (undefined for an error result). */
export const offsetsOf = (results: readonly unknown[]) =>
  results.map((result) => (result as UpdateResult).data?.updates?.offset);
