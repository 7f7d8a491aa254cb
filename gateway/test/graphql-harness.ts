import { createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import type { TestNode } from './test-node.ts';

// Real HTTP, SSE and WebSocket calls of the GraphQL view of a test node.

/** What a GraphQL answer's data is to a test: anything, checked by assertions, not by types. */
// biome-ignore lint/suspicious/noExplicitAny: the tests assert on the shapes they select
export type Loose = Record<string, any>;

export type GraphQLResponse<TData = Record<string, unknown>> = {
  readonly status: number;
  readonly data: TData | null | undefined;
  readonly errors: ReadonlyArray<{
    message: string;
    path?: readonly (string | number)[];
    extensions?: Record<string, unknown>;
  }>;
};

/**
 * The user whose token a call carries (participant_admin by default); null sends no token. A
 * literal `token` (forged, expired, …) is sent instead when given.
 */
export type As = { readonly user?: string | null; readonly token?: string };

async function authorization(node: TestNode, as: As): Promise<Record<string, string>> {
  if (as.token !== undefined) return { authorization: `Bearer ${as.token}` };
  const user = as.user === undefined ? 'participant_admin' : as.user;
  return user === null ? {} : { authorization: `Bearer ${await node.token(user)}` };
}

/** A query or mutation over HTTP POST. */
export async function gql<TData = Loose>(
  node: TestNode,
  query: string,
  variables: Record<string, unknown> = {},
  as: As = {},
): Promise<GraphQLResponse<TData>> {
  const response = await fetch(`${node.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(await authorization(node, as)),
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as {
    data?: TData | null;
    errors?: GraphQLResponse['errors'];
  };
  return { status: response.status, data: body.data, errors: body.errors ?? [] };
}

/** `gql` that fails on any error and returns the data. */
export async function gqlData<TData = Loose>(
  node: TestNode,
  query: string,
  variables: Record<string, unknown> = {},
  as: As = {},
): Promise<TData> {
  const response = await gql<TData>(node, query, variables, as);
  if (response.errors.length > 0 || response.data == null) {
    throw new Error(`GraphQL failed (${response.status}): ${JSON.stringify(response.errors)}`);
  }
  return response.data;
}

export type Stream<T> = {
  /** The next `count` results (waits for them). */
  take(count: number): Promise<T[]>;
  close(): void;
};

type Result = {
  data?: Loose | null | undefined;
  errors?: GraphQLResponse['errors'] | undefined;
};

function streamOf(iterator: AsyncIterator<Result>, close: () => void): Stream<Result> {
  return {
    async take(count) {
      const taken: Result[] = [];
      while (taken.length < count) {
        try {
          const next = await iterator.next();
          if (next.done) break;
          taken.push(next.value);
        } catch (error) {
          // graphql-ws rejects with the errors of an operation that never started.
          if (!Array.isArray(error)) throw error;
          taken.push({ errors: error });
          break;
        }
      }
      return taken;
    },
    close,
  };
}

/** A subscription over server-sent events (yoga's default transport). */
export async function sseSubscribe(
  node: TestNode,
  query: string,
  variables: Record<string, unknown> = {},
  as: As = {},
): Promise<Stream<Result> & { status: number }> {
  const controller = new AbortController();
  const response = await fetch(`${node.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(await authorization(node, as)),
    },
    body: JSON.stringify({ query, variables }),
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  async function* frames(): AsyncGenerator<Result> {
    for (;;) {
      let end = buffered.indexOf('\n\n');
      while (end < 0) {
        const chunk = await reader.read();
        if (chunk.done) return;
        buffered += decoder.decode(chunk.value, { stream: true });
        end = buffered.indexOf('\n\n');
      }
      const frame = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const lines = frame.split('\n');
      if (lines.includes('event: complete')) return;
      const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5));
      if (data.length > 0 && data.join('').trim() !== '') yield JSON.parse(data.join('')) as Result;
    }
  }
  const stream = streamOf(frames(), () => controller.abort());
  return { ...stream, status: response.status };
}

/** A graphql-ws client of the node, authenticated as `as.user` through connectionParams. */
export async function wsClient(node: TestNode, as: As & { viaHeader?: boolean } = {}) {
  const headers = await authorization(node, as);
  const client = createClient({
    url: `${node.wsUrl}/graphql`,
    retryAttempts: 0,
    lazy: true,
    webSocketImpl: as.viaHeader
      ? class extends WebSocket {
          constructor(url: string, protocols: string[]) {
            super(url, protocols, { headers });
          }
        }
      : WebSocket,
    connectionParams: as.viaHeader ? {} : headers,
  });
  return {
    subscribe(query: string, variables: Record<string, unknown> = {}): Stream<Result> {
      const iterator = client.iterate({ query, variables });
      return streamOf(iterator, () => void iterator.return?.());
    },
    dispose: () => client.dispose(),
  };
}
