import express from 'express';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOidcProvider, type OidcRealm, oidcRoutes } from '../src/index.ts';
import { listen, type Started } from './http-harness.ts';
import { json } from './ledger-fixtures.ts';
import { startTestNode, type TestNode } from './test-node.ts';

// The built-in OpenID provider (issue 22) over real HTTP at Keycloak's paths, and a participant
// that trusts its key set beside the dev secret.

const audience = 'https://canton.network.global';
const realm = (
  name: string,
  prefix: string,
  ids: { user: string; service: string },
): OidcRealm => ({
  name,
  audience,
  users: [{ id: ids.user, username: prefix, password: 'abc123' }],
  clients: [
    { clientId: `${prefix}-unsafe`, secret: null, directAccessGrants: true, serviceAccount: null },
    {
      clientId: `${prefix}-validator`,
      secret: `${prefix}-secret`,
      directAccessGrants: false,
      serviceAccount: { id: ids.service, username: `service-account-${prefix}-validator` },
    },
  ],
});
const providerIds = {
  user: '553c6754-0000-4000-8000-000000000001',
  service: 'c87743ab-0000-4000-8000-000000000002',
};
const userIds = {
  user: '92a520cb-0000-4000-8000-000000000003',
  service: '97bb6cef-0000-4000-8000-000000000004',
};

type Tokens = { access_token: string; refresh_token?: string; id_token?: string; scope: string };

describe('the built-in OpenID provider', () => {
  let idp: Started;
  let node: TestNode;

  const tokenUrl = (name: string) => `${idp.url}/realms/${name}/protocol/openid-connect/token`;
  const post = (name: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(tokenUrl(name), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form),
    });
  const login = async (name: string, form: Record<string, string>) =>
    json<Tokens>(await post(name, form));
  const whoAmI = (token: string) =>
    fetch(`${node.url}/v2/authenticated-user`, { headers: { authorization: `Bearer ${token}` } });
  const passwordForm = {
    grant_type: 'password',
    client_id: 'app-provider-unsafe',
    username: 'app-provider',
    password: 'abc123',
    scope: 'openid',
  };

  beforeAll(async () => {
    const provider = await createOidcProvider({
      realms: [
        realm('AppProvider', 'app-provider', providerIds),
        realm('AppUser', 'app-user', userIds),
      ],
    });
    const app = express();
    app.use(oidcRoutes(provider, pino({ level: 'silent' })));
    idp = await listen(app);
    // This participant trusts the AppProvider realm only, as LocalNet's app-provider does.
    node = await startTestNode({ oidcKeys: provider.verificationKey(['AppProvider']) });
    for (const id of [providerIds.user, providerIds.service, userIds.user]) {
      await json(await node.call('/v2/users', { body: { user: { id } } }));
    }
  });
  afterAll(async () => {
    await node.close();
    await idp.close();
  });

  it('serves discovery and the key set at the issuer the caller reached', async () => {
    const discovery = await json<Record<string, string>>(
      await fetch(`${idp.url}/realms/AppProvider/.well-known/openid-configuration`),
    );
    const base = `${idp.url}/realms/AppProvider`;
    expect(discovery).toMatchObject({
      issuer: base,
      token_endpoint: `${base}/protocol/openid-connect/token`,
      jwks_uri: `${base}/protocol/openid-connect/certs`,
    });
    const jwks = await json<{ keys: Array<Record<string, string>> }>(
      await fetch(discovery.jwks_uri ?? ''),
    );
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' })]);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const missing = await fetch(`${idp.url}/realms/Nowhere/.well-known/openid-configuration`);
    expect(missing.status).toBe(404);
  });

  it('logs a user in with the password grant, and the participant knows the token', async () => {
    const tokens = await login('AppProvider', passwordForm);
    const header = decodeProtectedHeader(tokens.access_token);
    const jwks = await json<{ keys: Array<{ kid: string }> }>(
      await fetch(`${idp.url}/realms/AppProvider/protocol/openid-connect/certs`),
    );
    expect(header).toMatchObject({ alg: 'RS256', kid: jwks.keys[0]?.kid });
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      sub: providerIds.user,
      aud: audience,
      iss: `${idp.url}/realms/AppProvider`,
      azp: 'app-provider-unsafe',
      preferred_username: 'app-provider',
    });
    expect(tokens.scope.split(' ')).toContain('openid');
    expect(tokens.id_token).toEqual(expect.any(String));
    const me = await json<{ user: { id: string } }>(await whoAmI(tokens.access_token));
    expect(me.user.id).toBe(providerIds.user);
    // The HS256 dev secret keeps working beside it.
    expect((await whoAmI(await node.token(providerIds.user))).status).toBe(200);
  });

  it('gives a confidential client its service account, with the secret in the form or Basic', async () => {
    const form = { grant_type: 'client_credentials', client_id: 'app-provider-validator' };
    const posted = await login('AppProvider', { ...form, client_secret: 'app-provider-secret' });
    expect(decodeJwt(posted.access_token).sub).toBe(providerIds.service);
    expect(posted.refresh_token).toBeUndefined();
    const basic = Buffer.from('app-provider-validator:app-provider-secret').toString('base64');
    const viaHeader = await json<Tokens>(
      await post(
        'AppProvider',
        { grant_type: 'client_credentials' },
        { authorization: `Basic ${basic}` },
      ),
    );
    const me = await json<{ user: { id: string } }>(await whoAmI(viaHeader.access_token));
    expect(me.user.id).toBe(providerIds.service);
  });

  it('refreshes a login, and a refresh token is no access token', async () => {
    const first = await login('AppProvider', passwordForm);
    const refreshed = await login('AppProvider', {
      grant_type: 'refresh_token',
      client_id: 'app-provider-unsafe',
      refresh_token: first.refresh_token ?? '',
    });
    expect(decodeJwt(refreshed.access_token).sub).toBe(providerIds.user);
    expect((await whoAmI(refreshed.access_token)).status).toBe(200);
    expect((await whoAmI(first.refresh_token ?? '')).status).toBe(401);
    const stolen = await post('AppProvider', {
      grant_type: 'refresh_token',
      client_id: 'app-provider-validator',
      client_secret: 'app-provider-secret',
      refresh_token: first.refresh_token ?? '',
    });
    expect(stolen.status).toBe(400);
    expect((await stolen.json()).error).toBe('invalid_grant');
  });

  it('refuses bad logins as Keycloak does', async () => {
    const refusal = async (form: Record<string, string>, name = 'AppProvider') => {
      const response = await post(name, form);
      return {
        status: response.status,
        error: ((await response.json()) as { error: string }).error,
      };
    };
    expect(await refusal({ ...passwordForm, password: 'wrong' })).toEqual({
      status: 401,
      error: 'invalid_grant',
    });
    expect(await refusal({ ...passwordForm, username: 'nobody' })).toEqual({
      status: 401,
      error: 'invalid_grant',
    });
    expect(
      await refusal({
        grant_type: 'client_credentials',
        client_id: 'app-provider-validator',
        client_secret: 'x',
      }),
    ).toEqual({ status: 401, error: 'invalid_client' });
    expect(
      await refusal({ grant_type: 'client_credentials', client_id: 'app-provider-unsafe' }),
    ).toEqual({
      status: 401,
      error: 'unauthorized_client',
    });
    expect(
      await refusal({
        ...passwordForm,
        client_id: 'app-provider-validator',
        client_secret: 'app-provider-secret',
      }),
    ).toEqual({ status: 400, error: 'unauthorized_client' });
    expect(await refusal({ ...passwordForm, client_id: 'nobody' })).toEqual({
      status: 401,
      error: 'invalid_client',
    });
    expect(await refusal({ ...passwordForm, grant_type: 'authorization_code' })).toEqual({
      status: 400,
      error: 'unsupported_grant_type',
    });
    expect(await refusal({ ...passwordForm, scope: 'openid admin' })).toEqual({
      status: 400,
      error: 'invalid_scope',
    });
    expect((await refusal(passwordForm, 'Nowhere')).status).toBe(404);
  });

  it('is not trusted for a realm the participant does not trust', async () => {
    const tokens = await login('AppUser', {
      grant_type: 'password',
      client_id: 'app-user-unsafe',
      username: 'app-user',
      password: 'abc123',
    });
    expect(decodeJwt(tokens.access_token).sub).toBe(userIds.user);
    // Its user exists on this participant, but the realm's key is not one it trusts.
    expect((await whoAmI(tokens.access_token)).status).toBe(401);
  });
});
