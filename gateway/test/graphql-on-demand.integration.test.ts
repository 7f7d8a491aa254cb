import { afterEach, describe, expect, it } from 'vitest';
import { gqlData, wsClient } from './graphql-harness.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// The GraphQL view is built on its first request, not at start: whichever transport comes
// first, HTTP or WebSocket, that first request is answered, and so is the other one after it.
describe('GraphQL built on its first request', () => {
  let node: TestNode | undefined;
  afterEach(async () => {
    node?.closeStreams();
    await node?.close();
    node = undefined;
  });

  it('answers a WebSocket that is the first GraphQL contact, then HTTP', async () => {
    node = await startTestNode();
    const client = await wsClient(node);
    try {
      const [first] = await client.subscribe('{ __typename }').take(1);
      expect(first).toEqual({ data: { __typename: 'Query' } });
    } finally {
      await client.dispose();
    }
    expect(await gqlData(node, '{ __typename }')).toEqual({ __typename: 'Query' });
  });

  it('answers concurrent first contacts over HTTP and WebSocket alike', async () => {
    node = await startTestNode();
    const client = await wsClient(node);
    try {
      const [overHttp, [overWebSocket]] = await Promise.all([
        gqlData(node, '{ __typename }'),
        client.subscribe('{ __typename }').take(1),
      ]);
      expect(overHttp).toEqual({ __typename: 'Query' });
      expect(overWebSocket).toEqual({ data: { __typename: 'Query' } });
    } finally {
      await client.dispose();
    }
  });
});
