import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  jwtVerify,
  SignJWT,
} from 'jose';
import { OidcError } from './oidc-error.ts';
import type { OidcClient, OidcRealm } from './oidc-realm.ts';

/** Keycloak's default access token lifespan (its realms' `accessTokenLifespan`). */
const accessTokenSeconds = 300;
/** Keycloak's default SSO session idle time, which bounds a refresh token. */
const refreshTokenSeconds = 1800;
const knownScopes = new Set(['openid', 'profile', 'email', 'offline_access', 'daml_ledger_api']);

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

type RealmKeys = {
  readonly realm: OidcRealm;
  readonly kid: string;
  readonly privateKey: SigningKey;
  readonly jwks: JSONWebKeySet;
  /** Refresh tokens are signed apart (HS512, as Keycloak does), so no participant accepts one. */
  readonly refreshSecret: Uint8Array;
};

/** The form of a token request, and the client credentials of its Basic header if any. */
export type TokenRequest = {
  readonly form: Readonly<Record<string, string | undefined>>;
  readonly basic: { readonly clientId: string; readonly secret: string } | null;
};

export type TokenResponse = {
  readonly access_token: string;
  readonly expires_in: number;
  readonly refresh_expires_in: number;
  readonly refresh_token?: string;
  readonly id_token?: string;
  readonly token_type: 'Bearer';
  readonly 'not-before-policy': 0;
  readonly scope: string;
};

export type OidcProvider = {
  readonly realms: readonly string[];
  /** A realm's public keys (`/protocol/openid-connect/certs`); null for an unknown realm. */
  jwks(realm: string): JSONWebKeySet | null;
  /** The key set of the named realms, for a participant that accepts their tokens. */
  verificationKey(realms: readonly string[]): JWTVerifyGetKey;
  /** Runs one grant of the token endpoint; `issuer` is the realm's URL as the caller reached it. */
  token(realm: string, issuer: string, request: TokenRequest): Promise<TokenResponse>;
};

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

async function keysOf(realm: OidcRealm): Promise<RealmKeys> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { realm, kid, privateKey, jwks: { keys: [jwk] }, refreshSecret: randomBytes(64) };
}

const invalidClient = () =>
  new OidcError(401, 'invalid_client', 'Invalid client or Invalid client credentials');

/** The client a request authenticates as: its secret checked when it has one. */
function authenticateClient(realm: OidcRealm, request: TokenRequest): OidcClient {
  const clientId = request.basic?.clientId ?? request.form.client_id;
  if (!clientId) throw new OidcError(400, 'invalid_client', 'Missing parameter: client_id');
  const client = realm.clients.find((candidate) => candidate.clientId === clientId);
  if (!client) throw invalidClient();
  if (client.secret === null) return client;
  const secret = request.basic?.secret ?? request.form.client_secret ?? '';
  if (!sameSecret(secret, client.secret)) throw invalidClient();
  return client;
}

function scopeOf(requested: string | undefined): string {
  const asked = (requested ?? '').split(' ').filter((scope) => scope.length > 0);
  const unknown = asked.filter((scope) => !knownScopes.has(scope));
  if (unknown.length > 0)
    throw new OidcError(400, 'invalid_scope', `Invalid scopes: ${unknown.join(' ')}`);
  return [...new Set([...asked, 'profile', 'email'])].join(' ');
}

type Subject = { readonly id: string; readonly username: string };

/**
 * A small OpenID Connect provider with Keycloak's token endpoint: the password,
 * client-credentials and refresh-token grants of a few fixed realms, signing RS256 tokens with
 * a key per realm made at start (tokens issued before a restart need a new login).
 */
export async function createOidcProvider(input: {
  readonly realms: readonly OidcRealm[];
  readonly nowSeconds?: () => number;
}): Promise<OidcProvider> {
  const nowSeconds = input.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const keys = new Map(
    (await Promise.all(input.realms.map(keysOf))).map((entry) => [entry.realm.name, entry]),
  );
  const realmKeys = (name: string) => {
    const entry = keys.get(name);
    if (!entry) throw new OidcError(404, 'Realm does not exist', 'Realm does not exist');
    return entry;
  };

  const issue = async (
    entry: RealmKeys,
    issuer: string,
    grant: { client: OidcClient; subject: Subject; scope: string; refresh: boolean },
  ): Promise<TokenResponse> => {
    const now = nowSeconds();
    const { client, subject, scope } = grant;
    const sign = (claims: Record<string, unknown>, expiresAt: number) =>
      new SignJWT({ ...claims, jti: randomUUID() })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: entry.kid })
        .setIssuer(issuer)
        .setSubject(subject.id)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(entry.privateKey);
    const accessToken = await sign(
      {
        aud: entry.realm.audience,
        typ: 'Bearer',
        azp: client.clientId,
        scope,
        preferred_username: subject.username,
      },
      now + accessTokenSeconds,
    );
    const idToken = scope.split(' ').includes('openid')
      ? await sign(
          {
            aud: client.clientId,
            typ: 'ID',
            azp: client.clientId,
            preferred_username: subject.username,
          },
          now + accessTokenSeconds,
        )
      : undefined;
    const refreshToken = grant.refresh
      ? await new SignJWT({ typ: 'Refresh', azp: client.clientId, scope, jti: randomUUID() })
          .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
          .setIssuer(issuer)
          .setAudience(issuer)
          .setSubject(subject.id)
          .setIssuedAt(now)
          .setExpirationTime(now + refreshTokenSeconds)
          .sign(entry.refreshSecret)
      : undefined;
    return {
      access_token: accessToken,
      expires_in: accessTokenSeconds,
      refresh_expires_in: refreshToken ? refreshTokenSeconds : 0,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      ...(idToken ? { id_token: idToken } : {}),
      token_type: 'Bearer',
      'not-before-policy': 0,
      scope,
    };
  };

  const passwordGrant = (entry: RealmKeys, client: OidcClient, form: TokenRequest['form']) => {
    if (!client.directAccessGrants)
      throw new OidcError(
        400,
        'unauthorized_client',
        'Client not allowed for direct access grants',
      );
    const user = entry.realm.users.find((candidate) => candidate.username === form.username);
    if (!user || !sameSecret(form.password ?? '', user.password))
      throw new OidcError(401, 'invalid_grant', 'Invalid user credentials');
    return { id: user.id, username: user.username };
  };

  const clientCredentialsGrant = (client: OidcClient) => {
    if (client.secret === null)
      throw new OidcError(
        401,
        'unauthorized_client',
        'Public client not allowed to retrieve service account',
      );
    if (client.serviceAccount === null)
      throw new OidcError(
        400,
        'unauthorized_client',
        'Client not enabled to retrieve service account',
      );
    return client.serviceAccount;
  };

  const refreshGrant = async (entry: RealmKeys, client: OidcClient, token: string | undefined) => {
    const invalid = () => new OidcError(400, 'invalid_grant', 'Invalid refresh token');
    if (!token) throw new OidcError(400, 'invalid_request', 'Missing parameter: refresh_token');
    const payload = await jwtVerify(token, entry.refreshSecret, {
      algorithms: ['HS512'],
      currentDate: new Date(nowSeconds() * 1000),
    }).then(
      (verified) => verified.payload,
      () => {
        throw invalid();
      },
    );
    if (payload.azp !== client.clientId)
      throw new OidcError(
        400,
        'invalid_grant',
        "Invalid refresh token. Token client and authorized client don't match",
      );
    const user = entry.realm.users.find((candidate) => candidate.id === payload.sub);
    const account = entry.realm.clients.find(
      (candidate) => candidate.serviceAccount?.id === payload.sub,
    )?.serviceAccount;
    const subject = user ?? account;
    if (!subject) throw invalid();
    return {
      subject: { id: subject.id, username: subject.username },
      scope: typeof payload.scope === 'string' ? payload.scope : scopeOf(undefined),
    };
  };

  return {
    realms: [...keys.keys()],
    jwks: (realm) => keys.get(realm)?.jwks ?? null,
    verificationKey(realms) {
      const set = { keys: realms.flatMap((realm) => realmKeys(realm).jwks.keys) };
      return createLocalJWKSet(set);
    },
    async token(realm, issuer, request) {
      const entry = realmKeys(realm);
      const grantType = request.form.grant_type;
      if (!grantType)
        throw new OidcError(400, 'invalid_request', 'Missing form parameter: grant_type');
      if (!['password', 'client_credentials', 'refresh_token'].includes(grantType))
        throw new OidcError(400, 'unsupported_grant_type', 'Unsupported grant_type');
      const client = authenticateClient(entry.realm, request);
      if (grantType === 'refresh_token') {
        const refreshed = await refreshGrant(entry, client, request.form.refresh_token);
        return issue(entry, issuer, { client, ...refreshed, refresh: true });
      }
      const scope = scopeOf(request.form.scope);
      if (grantType === 'password') {
        const subject = passwordGrant(entry, client, request.form);
        return issue(entry, issuer, { client, subject, scope, refresh: true });
      }
      // Keycloak hands no refresh token to a service account by default.
      const subject = clientCredentialsGrant(client);
      return issue(entry, issuer, { client, subject, scope, refresh: false });
    },
  };
}
