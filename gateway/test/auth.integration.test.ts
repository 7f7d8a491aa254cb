import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthConfig, createAuthenticator } from '../src/auth/authenticator.ts';
import { mintDevToken } from '../src/auth/dev-token.ts';
import { optionalUser, requireUser } from '../src/auth/require-user.middleware.ts';
import { createLedgerErrorHandler } from '../src/http/ledger-error.middleware.ts';
import { listen, recordingLogger, type Started } from './http-harness.ts';
import { expectMatchesSpec } from './openapi-validator.ts';

const audience = 'https://canton.network.global';
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const { logger, lines } = recordingLogger();

async function startApp(config: AuthConfig, revealSecuritySensitive = false): Promise<Started> {
  const app = express();
  app.get('/v2/authenticated-user', requireUser(createAuthenticator(config)), (_req, res) => {
    res.json({ user: { id: res.locals.userId } });
  });
  app.get('/v2/version', optionalUser(createAuthenticator(config)), (_req, res) => {
    res.json({ version: '3.4.12', caller: res.locals.userId ?? null });
  });
  app.use(createLedgerErrorHandler({ logger, revealSecuritySensitive }));
  return listen(app);
}

async function whoAmI(app: Started, token?: string) {
  const headers: Record<string, string> =
    token === undefined ? {} : { authorization: `Bearer ${token}` };
  const response = await fetch(`${app.url}/v2/authenticated-user`, { headers });
  const body = (await response.json()) as { user?: { id: string }; code?: string; cause?: string };
  return { status: response.status, body };
}

const hs256 = (claims: Record<string, unknown>, secret = 'unsafe') =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));

describe('HS256 authentication', () => {
  let app: Started;
  let revealing: Started;
  beforeAll(async () => {
    app = await startApp({ mode: 'hs256' });
    revealing = await startApp({ mode: 'hs256' }, true);
  });
  afterAll(async () => {
    await app.close();
    await revealing.close();
  });

  it('accepts a dev token as the user it names', async () => {
    const token = await mintDevToken({ userId: 'alice', secret: 'unsafe', audience });
    expect(await whoAmI(app, token)).toEqual({ status: 200, body: { user: { id: 'alice' } } });
  });

  it('accepts a scope-based token carrying daml_ledger_api', async () => {
    const token = await hs256({ sub: 'bob', scope: 'openid daml_ledger_api', exp: inAnHour() });
    expect((await whoAmI(app, token)).body.user?.id).toBe('bob');
  });

  const refused: Array<[string, () => Promise<string | undefined>, RegExp]> = [
    ['no token', async () => undefined, /carries no access token/],
    [
      'a forged signature',
      () => mintDevToken({ userId: 'alice', secret: 'guess', audience }),
      /signature verification failed/,
    ],
    [
      'an expired token',
      () => hs256({ sub: 'alice', aud: audience, exp: Math.floor(Date.now() / 1000) - 60 }),
      /expired at/,
    ],
    [
      'alg none',
      async () =>
        `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: 'alice', aud: audience })}.`,
      /could not be verified/,
    ],
    [
      'a wrong audience',
      () => hs256({ sub: 'alice', aud: 'https://elsewhere', exp: inAnHour() }),
      /not meant for this participant/,
    ],
    ['no subject', () => hs256({ aud: audience, exp: inAnHour() }), /names no user/],
    ['garbage', async () => 'not-a-jwt', /could not be verified/],
  ];

  it.each(refused)('refuses %s with a 401 JsCantonError', async (_case, token, reason) => {
    const before = lines.length;
    const { status, body } = await whoAmI(app, await token());
    expect(status).toBe(401);
    expectMatchesSpec({
      spec: 'ledger',
      method: 'GET',
      path: '/v2/authenticated-user',
      status,
      body,
    });
    expect(body).toMatchObject({ code: 'NA', errorCategory: -1, grpcCodeValue: 16 });
    expect(lines.slice(before).some((line) => reason.test(line.msg))).toBe(true);
  });

  it.each(refused)('explains refusing %s when told to reveal', async (_case, token, reason) => {
    const { status, body } = await whoAmI(revealing, await token());
    expect(status).toBe(401);
    expect(body.code).toBe('UNAUTHENTICATED');
    expect(body.cause).toMatch(reason);
  });
});

describe('routes open to callers without a token', () => {
  it('serve them anonymously, but still refuse a bad token', async () => {
    const app = await startApp({ mode: 'hs256' });
    try {
      const anonymous = await fetch(`${app.url}/v2/version`);
      expect(await anonymous.json()).toEqual({ version: '3.4.12', caller: null });
      const token = await mintDevToken({ userId: 'alice' });
      const known = await fetch(`${app.url}/v2/version`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await known.json()).toEqual({ version: '3.4.12', caller: 'alice' });
      const forged = await fetch(`${app.url}/v2/version`, {
        headers: { authorization: 'Bearer x.y.z' },
      });
      expect(forged.status).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('JWKS authentication', () => {
  let jwksServer: Server;
  let app: Started;
  const keys = {} as Record<'RS256' | 'ES256' | 'stranger', PrivateKey>;

  beforeAll(async () => {
    const rsa = await generateKeyPair('RS256');
    const ec = await generateKeyPair('ES256');
    keys.RS256 = rsa.privateKey;
    keys.ES256 = ec.privateKey;
    keys.stranger = (await generateKeyPair('RS256')).privateKey;
    const jwks = {
      keys: [
        { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' },
        { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' },
      ],
    };
    jwksServer = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(jwks));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const { port } = jwksServer.address() as AddressInfo;
    app = await startApp({ mode: 'jwks', jwksUrl: `http://127.0.0.1:${port}/jwks.json`, audience });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => jwksServer.close(resolve));
  });

  const signed = (alg: 'RS256' | 'ES256', kid: string, key: PrivateKey) =>
    new SignJWT({ aud: audience })
      .setProtectedHeader({ alg, kid })
      .setSubject('carol')
      .setExpirationTime('1h')
      .sign(key);

  it('accepts RS256 and ES256 tokens signed by a key of the set', async () => {
    expect((await whoAmI(app, await signed('RS256', 'rsa-1', keys.RS256))).body.user?.id).toBe(
      'carol',
    );
    expect((await whoAmI(app, await signed('ES256', 'ec-1', keys.ES256))).body.user?.id).toBe(
      'carol',
    );
  });

  it('refuses a token signed by a key outside the set, and an HS256 token', async () => {
    expect((await whoAmI(app, await signed('RS256', 'rsa-1', keys.stranger))).status).toBe(401);
    expect((await whoAmI(app, await mintDevToken({ userId: 'carol' }))).status).toBe(401);
  });
});

describe('no authentication', () => {
  it('lets every request act as participant_admin', async () => {
    const app = await startApp({ mode: 'none' });
    try {
      expect((await whoAmI(app)).body.user?.id).toBe('participant_admin');
      expect((await whoAmI(app, 'whatever')).body.user?.id).toBe('participant_admin');
    } finally {
      await app.close();
    }
  });
});
