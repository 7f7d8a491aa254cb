import { WebSocket } from 'ws';

// The clients a revert must tell: a Ledger API update stream and a graphql-ws subscription,
// each recording what it received and how it was closed.

export type OpenStream = {
  readonly messages: unknown[];
  /** Resolves with the close code and reason once the server closed the socket. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Resolves once `holds` is true of the messages so far. */
  until(holds: (messages: readonly unknown[]) => boolean): Promise<void>;
};

function openStream(socket: WebSocket, onOpen: () => void, onMessage?: (m: unknown) => void) {
  const messages: unknown[] = [];
  const checks = new Set<() => void>();
  socket.on('open', onOpen);
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as unknown;
    messages.push(message);
    onMessage?.(message);
    for (const check of [...checks]) check();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return {
    messages,
    closed,
    until: (holds: (messages: readonly unknown[]) => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!holds(messages)) return;
          checks.delete(check);
          resolve();
        };
        checks.add(check);
        check();
      }),
  } satisfies OpenStream;
}

/** `/v2/updates` as `party` from offset 0, live after the history. */
export function ledgerUpdates(wsUrl: string, token: string, party: string): OpenStream {
  const socket = new WebSocket(`${wsUrl}/v2/updates`, ['daml.ws.auth', `jwt.token.${token}`]);
  return openStream(socket, () =>
    socket.send(
      JSON.stringify({
        beginExclusive: 0,
        updateFormat: {
          includeTransactions: {
            eventFormat: { filtersByParty: { [party]: {} }, verbose: false },
            transactionShape: 'TRANSACTION_SHAPE_ACS_DELTA',
          },
        },
      }),
    ),
  );
}

/** A graphql-ws subscription of `query`, subscribed once the server acknowledged. */
export function graphqlSubscription(wsUrl: string, token: string, query: string): OpenStream {
  const socket = new WebSocket(`${wsUrl}/graphql`, 'graphql-transport-ws');
  return openStream(
    socket,
    () =>
      socket.send(
        JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }),
      ),
    (message) => {
      const { type } = message as { type: string };
      if (type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
      }
      if (type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    },
  );
}

/** A server-sent event stream: the text received until the server ends it. */
async function eventStream(url: string, init: RequestInit) {
  const response = await fetch(url, init);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const ended = (async () => {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return text;
      text += decoder.decode(chunk.value, { stream: true });
    }
  })();
  return { ended, text: () => text };
}

/** The inspector's transition stream (server-sent events). */
export const inspectorTransitions = (url: string, token: string) =>
  eventStream(`${url}/api/inspect/v0/transitions`, {
    headers: { authorization: `Bearer ${token}` },
  });

/** A GraphQL subscription over server-sent events (yoga's). */
export const graphqlEvents = (url: string, token: string, query: string) =>
  eventStream(`${url}/graphql`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: JSON.stringify({ query }),
  });
