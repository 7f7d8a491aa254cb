// Subscriptions of a running node's GraphQL view over real SSE and WebSocket (the graphql-ws
// protocol spoken by hand on Node's WebSocket: the CLI's tests import no GraphQL client).

export type GraphQLResult = {
  readonly data?: Record<string, unknown> | null;
  readonly errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>;
};

/** A running subscription: every result so far, in order, and a wait for the next one. */
export type Collected = {
  readonly results: GraphQLResult[];
  /** Resolves once a result arrives; rejects once the stream has ended. */
  next(): Promise<void>;
  close(): void;
};

function collector(): Collected & { push(result: GraphQLResult): void; end(): void } {
  const results: GraphQLResult[] = [];
  const waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let ended = false;
  const ends = () => new Error(`the stream ended after ${JSON.stringify(results)}`);
  return {
    results,
    next: () =>
      ended
        ? Promise.reject(ends())
        : new Promise<void>((resolve, reject) => waiters.push({ resolve, reject })),
    close: () => {},
    push(result) {
      results.push(result);
      for (const waiter of waiters.splice(0)) waiter.resolve();
    },
    end() {
      ended = true;
      for (const waiter of waiters.splice(0)) waiter.reject(ends());
    },
  };
}

const body = (query: string, variables: Record<string, unknown>) =>
  JSON.stringify({ query, variables });

/** A query or mutation over HTTP POST. */
export async function graphqlCall(
  url: string,
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLResult & { status: number }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== '') headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers,
    body: body(query, variables),
  });
  return { status: response.status, ...((await response.json()) as GraphQLResult) };
}

/** A subscription over server-sent events; resolves once the response's headers arrived. */
export async function sseCollect(url: string, token: string, query: string): Promise<Collected> {
  const controller = new AbortController();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
  };
  if (token !== '') headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers,
    body: body(query, {}),
    signal: controller.signal,
  });
  const collected = collector();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let buffered = '';
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) break;
      buffered += decoder.decode(chunk.value, { stream: true });
      for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
        const lines = buffered.slice(0, end).split('\n');
        buffered = buffered.slice(end + 2);
        const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5));
        if (data.join('').trim() !== '') collected.push(JSON.parse(data.join('')));
      }
    }
    collected.end();
  })();
  return { ...collected, close: () => controller.abort() };
}

/** A subscription over graphql-ws; resolves once the server acknowledged the connection. */
export async function wsCollect(url: string, token: string, query: string): Promise<Collected> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const collected = collector();
  const acked = new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () =>
      socket.send(
        JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }),
      ),
    );
    socket.addEventListener('error', () => reject(new Error('the WebSocket failed')));
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { type: string; payload?: unknown };
      if (message.type === 'connection_ack') resolve();
      if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      if (message.type === 'next') collected.push(message.payload as GraphQLResult);
      if (message.type === 'error') collected.push({ errors: message.payload as [] });
      if (message.type === 'complete') collected.end();
    });
    socket.addEventListener('close', () => collected.end());
  });
  await acked;
  socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
  return { ...collected, close: () => socket.close() };
}
