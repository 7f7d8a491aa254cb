import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNode, type TestNode } from './test-node.ts';

// What the wallet page learns of the node before sign-in (its files, served as the inspector's
// are, are checked in ui-kit-routes.integration.test.ts).

describe('the wallet page’s node info', () => {
  let net: TestNode;
  beforeAll(async () => {
    net = await startTestNode({ devnet: true });
  });
  afterAll(() => net.close());

  it('tells anyone whether it hands out dev tokens, its synchronizer and its time', async () => {
    const response = await fetch(`${net.url}/wallet/node-info`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      devnet: true,
      dev_tokens: true,
      auth_mode: 'hs256',
      synchronizer_id: net.node.identity.synchronizerId,
      now_micros: '1767225600000000',
    });
    await net.node.devnet?.controls.advanceTime(
      { kind: 'user', userId: 'participant_admin', identityProviderId: '' },
      60_000_000n,
    );
    const later = (await (await fetch(`${net.url}/wallet/node-info`)).json()) as {
      now_micros: string;
    };
    expect(later.now_micros).toBe('1767225660000000');
  });
});
