import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseSubscribe, wsClient } from './graphql-harness.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// The events themselves stream end to end in packages/cli/test (the CLI composes the node with
// its automations); here: who may subscribe, on a node that runs no automations.

const subscription = 'subscription { automationJobEvents { queue jobId name state at } }';

describe('GraphQL automationJobEvents', () => {
  let node: TestNode;
  beforeAll(async () => {
    node = await startTestNode({ devnet: true });
  });
  afterAll(() => node.close());

  it('refuses other users and reports a node without automations, over SSE', async () => {
    const user = await sseSubscribe(node, subscription, {}, { user: 'alice' });
    const [denied] = await user.take(1);
    expect(denied?.errors?.[0]?.extensions).toMatchObject({ code: 'PERMISSION_DENIED' });
    user.close();
    const admin = await sseSubscribe(node, subscription);
    const [unavailable] = await admin.take(1);
    expect(unavailable?.errors?.[0]?.extensions).toMatchObject({ code: 'UNAVAILABLE' });
    admin.close();
  });

  it('refuses other users and reports a node without automations, over graphql-ws', async () => {
    const alice = await wsClient(node, { user: 'alice' });
    const [denied] = await alice.subscribe(subscription).take(1);
    expect(denied?.errors?.[0]?.extensions).toMatchObject({ code: 'PERMISSION_DENIED' });
    await alice.dispose();
    const admin = await wsClient(node);
    const [unavailable] = await admin.subscribe(subscription).take(1);
    expect(unavailable?.errors?.[0]?.extensions).toMatchObject({ code: 'UNAVAILABLE' });
    await admin.dispose();
  });
});
