import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type Started } from './http-harness.ts';
import { json } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const issuer = 'https://idp.acme.example';
const audience = 'https://acme.example/ledger';

describe('tokens of a configured identity provider', () => {
  let node: TestNode;
  let jwks: Started;
  let key: PrivateKey;

  const tokenFor = (user: string, options: { iss?: string; aud?: string } = {}) =>
    new SignJWT({ aud: options.aud ?? audience })
      .setProtectedHeader({ alg: 'RS256', kid: 'acme-1' })
      .setSubject(user)
      .setIssuer(options.iss ?? issuer)
      .setExpirationTime('1h')
      .sign(key);
  const whoAmI = (token: string) =>
    fetch(`${node.url}/v2/authenticated-user`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const keys = {
      keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'acme-1', alg: 'RS256', use: 'sig' }],
    };
    jwks = await listen((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(keys));
    });
    node = await startTestNode();
    const identityProviderConfig = {
      identityProviderId: 'acme',
      issuer,
      jwksUrl: `${jwks.url}/jwks`,
      audience,
    };
    await json(await node.call('/v2/idps', { body: { identityProviderConfig } }));
    await json(
      await node.call('/v2/users', { body: { user: { id: 'carol', identityProviderId: 'acme' } } }),
    );
    await json(await node.call('/v2/users', { body: { user: { id: 'dave' } } }));
  });
  afterAll(async () => {
    await node.close();
    await jwks.close();
  });

  it('verifies a token with the provider key set and speaks for that provider user', async () => {
    const body = await json<{ user: { id: string; identityProviderId: string } }>(
      await whoAmI(await tokenFor('carol')),
    );
    expect(body.user).toMatchObject({ id: 'carol', identityProviderId: 'acme' });
  });

  it('refuses the provider token for a user of another identity provider', async () => {
    expect((await whoAmI(await tokenFor('dave'))).status).toBe(403);
  });

  it('refuses a token of the provider issuer that is not for its audience', async () => {
    expect(
      (await whoAmI(await tokenFor('carol', { aud: 'https://elsewhere.example' }))).status,
    ).toBe(401);
  });

  it('does not accept the participant secret for a user of the provider', async () => {
    expect((await whoAmI(await node.token('carol'))).status).toBe(403);
  });

  it('refuses every token of a deactivated provider, even one it accepted before', async () => {
    const token = await tokenFor('carol');
    expect((await whoAmI(token)).status).toBe(200);
    await json(
      await node.call('/v2/idps/acme', {
        method: 'PATCH',
        body: {
          identityProviderConfig: {
            identityProviderId: 'acme',
            isDeactivated: true,
            issuer,
            jwksUrl: `${jwks.url}/jwks`,
            audience,
          },
          updateMask: { paths: ['is_deactivated'] },
        },
      }),
    );
    expect((await whoAmI(token)).status).toBe(401);
  });
});
