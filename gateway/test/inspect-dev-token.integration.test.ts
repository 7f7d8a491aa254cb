import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthConfig, createGateway } from '../src/index.ts';
import { listen } from './http-harness.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// POST /api/devnet/v0/dev-token: what the inspector (and the wallet UI) log in with, handed out
// only by a node whose tokens anyone could sign anyway.

const devToken = (url: string, body: unknown) =>
  fetch(`${url}/api/devnet/v0/dev-token`, { method: 'POST', body: JSON.stringify(body) });

describe('the dev token endpoint', () => {
  let node: TestNode;

  beforeAll(async () => {
    node = await startTestNode({ devnet: true });
  });
  afterAll(() => node.close());

  it('hands out a token for a user, which the node then accepts as that user', async () => {
    const response = await devToken(node.url, { user: 'participant_admin' });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const users = await fetch(`${node.url}/v2/users`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(users.status).toBe(200);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({
      sub: 'participant_admin',
      aud: 'https://canton.network.global',
      iss: 'unsafe-auth',
    });
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('refuses a missing or malformed user name with 400', async () => {
    for (const body of [{}, { user: '' }, { user: 'a b' }, { user: 'x'.repeat(129) }, 'alice']) {
      const response = await devToken(node.url, body);
      expect([body, response.status]).toEqual([body, 400]);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('does not exist on a node with another secret, JWKS or no authentication', async () => {
    const configs: AuthConfig[] = [
      { mode: 'hs256', secret: 'a-real-secret' },
      { mode: 'hs256', issuer: 'https://login.example.com' },
      { mode: 'jwks', jwksUrl: 'http://127.0.0.1:9/jwks.json' },
      { mode: 'none' },
    ];
    for (const auth of configs) {
      const gateway = createGateway({ node: node.node, auth, logger: pino({ level: 'silent' }) });
      const server = await listen(gateway.app);
      const response = await devToken(server.url, { user: 'alice' });
      expect([auth, response.status]).toEqual([auth, 404]);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/no tokens/) });
      await server.close();
    }
  });
});
