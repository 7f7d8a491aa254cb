import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { tokenRefusedMessage } from '../src/http/caller-message.ts';
import { badTokensFor, goodTokenFor } from './bad-tokens.ts';
import { gql, sseSubscribe } from './graphql-harness.ts';
import { recordingLogger } from './http-harness.ts';
import { expectRedactedUnauthenticated, ledgerEnd } from './ledger-calls.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// Every API of the node refuses a token that does not verify, changes nothing, and tells the
// caller no more than that (the reason is in the node's log). The Ledger API's REST routes
// are held to the same by authorization.integration.test.ts ("tokens that must not verify").

const { logger, lines } = recordingLogger();
let node: TestNode;

beforeAll(async () => {
  node = await startTestNode({ devnet: true, logger });
});
afterAll(async () => {
  node?.closeStreams();
  await node?.close();
});

const clockMicros = () => node.node.clock.nowMicros();

/** A REST call of the Splice-style APIs with a literal token. */
async function rest(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${node.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const expectGenericRefusal = (answer: { status: number; body: unknown }) => {
  expect(answer.status).toBe(401);
  expect(answer.body).toEqual({ error: tokenRefusedMessage });
};

/** What the Ledger API's WebSocket answers an upgrade carrying the token. */
function ledgerWebSocketRefusal(token: string) {
  const ws = new WebSocket(`${node.wsUrl}/v2/updates`, ['daml.ws.auth', `jwt.token.${token}`]);
  return new Promise<{ status: number; contentType: string; body: unknown }>((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type']),
          body: JSON.parse(text),
        }),
      );
    });
    ws.once('open', () => reject(new Error('the upgrade was accepted')));
  });
}

/** The errors a graphql-ws subscription with the token in its connection params ends with. */
async function graphqlWsErrors(token: string) {
  const client = createClient({
    url: `${node.wsUrl}/graphql`,
    retryAttempts: 0,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
  });
  const iterator = client.iterate({
    query: 'subscription { updates(beginExclusive: 0) { __typename } }',
  });
  try {
    const first = await iterator.next();
    return (first.value as { errors?: Array<{ message: string; extensions?: unknown }> })?.errors;
  } catch (errors) {
    return errors as Array<{ message: string; extensions?: unknown }>;
  } finally {
    await client.dispose();
  }
}

describe('bad tokens on every API', () => {
  it.each(badTokensFor('participant_admin'))(
    '%s is refused everywhere with a generic reason, and nothing changes',
    async (_name, mint) => {
      const token = await mint();
      const before = { offset: await ledgerEnd(node), micros: clockMicros() };
      const logged = lines.length;

      const mutation = await gql(
        node,
        'mutation { advanceTime(seconds: 60) { micros } }',
        {},
        { token },
      );
      expect(mutation.status).toBe(401);
      expect(mutation.errors).toEqual([
        expect.objectContaining({
          message: tokenRefusedMessage,
          extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }),
        }),
      ]);
      const sse = await sseSubscribe(
        node,
        'subscription { updates(beginExclusive: 0) { __typename } }',
        {},
        { token },
      );
      const [event] = await sse.take(1);
      sse.close();
      expect(event?.errors?.[0]?.message).toBe(tokenRefusedMessage);
      expect((await graphqlWsErrors(token))?.[0]?.message).toBe(tokenRefusedMessage);

      const upgrade = await ledgerWebSocketRefusal(token);
      expectRedactedUnauthenticated({
        ...upgrade,
        headers: {},
        text: JSON.stringify(upgrade.body),
      });

      expectGenericRefusal(await rest('GET', '/api/inspect/v0/actors', token));
      const transitions = await fetch(
        `${node.url}/api/inspect/v0/transitions?access_token=${encodeURIComponent(token)}`,
        { headers: { accept: 'text/event-stream' } },
      );
      expectGenericRefusal({ status: transitions.status, body: await transitions.json() });
      expectGenericRefusal(await rest('GET', '/api/automations/v0/queues', token));
      expectGenericRefusal(
        await rest('POST', '/api/devnet/v0/time/advance', token, { seconds: 60 }),
      );
      expectGenericRefusal(
        await rest('POST', '/api/validator/v0/wallet/tap', token, { amount: '10' }),
      );

      expect({ offset: await ledgerEnd(node), micros: clockMicros() }).toEqual(before);
      const reasons = lines.slice(logged).filter((line) => line.code === 'UNAUTHENTICATED');
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons.every((line) => line.msg !== tokenRefusedMessage)).toBe(true);
    },
  );

  it('accepts the same claims properly signed, so the refusals are about the token', async () => {
    const token = await goodTokenFor('participant_admin');
    expect((await rest('GET', '/api/devnet/v0/time', token)).status).toBe(200);
    expect((await rest('GET', '/api/inspect/v0/actors', token)).status).toBe(200);
    const query = await gql(node, '{ actors { id } }', {}, { token });
    expect(query.errors).toEqual([]);
  });
});
