import { DomainError } from '@pocketnet/ledger';
import {
  createRemoteJWKSet,
  decodeJwt,
  errors,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { userIdOfClaims } from './token-claims.ts';
import { createVerifiedTokenCache, type VerifiedToken } from './verified-token-cache.ts';

/** What LocalNet's participants accept, and so what the wallet SDK's dev tokens carry. */
export const defaultAudience = 'https://canton.network.global';
export const defaultDevSecret = 'unsafe';
/** Who acts when authentication is off: Canton's participant administrator. */
export const participantAdminUserId = 'participant_admin';

/**
 * The key set of the built-in OpenID provider (`--localnet`): RS256 tokens it signs are
 * verified with it beside the mode's own keys, as LocalNet's participants trust Keycloak.
 */
type BuiltInProviderKeys = { readonly oidcKeys?: JWTVerifyGetKey };

export type AuthConfig =
  | ({
      readonly mode: 'hs256';
      readonly secret?: string;
      readonly audience?: string;
      readonly issuer?: string;
    } & BuiltInProviderKeys)
  | ({
      readonly mode: 'jwks';
      readonly jwksUrl: string;
      readonly audience?: string;
      readonly issuer?: string;
    } & BuiltInProviderKeys)
  | { readonly mode: 'none' };

export type AuthMode = AuthConfig['mode'];

export type AuthResult =
  | { readonly userId: string; readonly identityProviderId: string }
  | 'anonymous';

/** An identity provider configured on the participant (POST /v2/idps), found by its issuer. */
export type IdentityProviderLookup = (issuer: string) => {
  readonly identityProviderId: string;
  readonly jwksUrl: string;
  readonly audience: string;
  readonly isDeactivated: boolean;
} | null;

export type Authenticator = {
  readonly mode: AuthMode;
  /**
   * The user a token speaks for; `'anonymous'` when there is no token (each route decides
   * whether that is allowed). A token that fails verification throws `UNAUTHENTICATED`.
   */
  authenticate(token: string | undefined): Promise<AuthResult>;
  /**
   * What `authenticate` would answer for a token verified before (or for any token with
   * `none`), without waiting a turn; `undefined` when only `authenticate` can tell.
   */
  remembered(token: string | undefined): AuthResult | undefined;
};

type Verification = { readonly key: JWTVerifyGetKey; readonly algorithms: string[] };
type Claims = { readonly audience: string; readonly issuer?: string };

const unauthenticated = (message: string, cause: unknown) =>
  new DomainError('UNAUTHENTICATED', message, { cause });

function describeFailure(error: unknown): string {
  if (error instanceof errors.JWTExpired) {
    const exp = typeof error.payload.exp === 'number' ? new Date(error.payload.exp * 1000) : null;
    return exp
      ? `The access token expired at ${exp.toISOString()}`
      : 'The access token has expired';
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `The access token could not be verified: ${reason}`;
}

type Verified = { readonly userId: string; readonly expiresAt: number | null };

function createVerifier(verification: Verification, claims: Claims) {
  return async (token: string): Promise<Verified> => {
    let payload: JWTPayload;
    try {
      // `algorithms` pins the key type, so `alg: none` and algorithm confusion never verify.
      const options = {
        algorithms: verification.algorithms,
        ...(claims.issuer ? { issuer: claims.issuer } : {}),
      };
      payload = (await jwtVerify(token, verification.key, options)).payload;
    } catch (error) {
      throw unauthenticated(describeFailure(error), error);
    }
    const expiresAt = typeof payload.exp === 'number' ? payload.exp : null;
    return { userId: userIdOfClaims(payload, claims.audience), expiresAt };
  };
}

const jwksAlgorithms = ['RS256', 'ES256', 'ES512'];

/**
 * Tokens whose issuer is a configured identity provider are verified with that provider's key
 * set and speak for a user of that provider, as Canton's IdP configs work; others go to the
 * participant's own verifier.
 */
function createJwtAuthenticator(
  mode: 'hs256' | 'jwks',
  defaultVerifier: (token: string) => Promise<Verified>,
  identityProviders: IdentityProviderLookup,
): Authenticator {
  const keySets = new Map<string, JWTVerifyGetKey>();
  const keySetOf = (url: string) => {
    const known = keySets.get(url);
    if (known) return known;
    const keySet = createRemoteJWKSet(new URL(url));
    keySets.set(url, keySet);
    return keySet;
  };
  const verifyWith = async (token: string, issuer: string) => {
    const provider = identityProviders(issuer);
    if (!provider) return { ...(await defaultVerifier(token)), identityProviderId: '' };
    if (provider.isDeactivated) {
      throw unauthenticated(
        `The identity provider ${provider.identityProviderId} is deactivated`,
        null,
      );
    }
    const verify = createVerifier(
      { key: keySetOf(provider.jwksUrl), algorithms: jwksAlgorithms },
      { audience: provider.audience || defaultAudience },
    );
    return { ...(await verify(token)), identityProviderId: provider.identityProviderId };
  };
  const cache = createVerifiedTokenCache({
    maxEntries: 10_000,
    nowSeconds: () => Math.floor(Date.now() / 1000),
  });
  // A remembered token still answers to the provider configuration of now: a provider that was
  // deactivated, removed or added for its issuer since sends it through verification again.
  const stillValid = (entry: VerifiedToken) => {
    const provider = identityProviders(entry.issuer);
    return (
      (provider?.identityProviderId ?? '') === entry.identityProviderId && !provider?.isDeactivated
    );
  };
  const remembered = (token: string): AuthResult | undefined => {
    const cached = cache.get(token);
    if (cached === undefined || !stillValid(cached)) return undefined;
    return { userId: cached.userId, identityProviderId: cached.identityProviderId };
  };
  return {
    mode,
    remembered: (token) => (token === undefined ? undefined : remembered(token)),
    async authenticate(token) {
      if (token === undefined) return 'anonymous';
      const known = remembered(token);
      if (known !== undefined) return known;
      if (cache.get(token)) cache.delete(token);
      const issuer = issuerOf(token);
      const verified = await verifyWith(token, issuer);
      cache.set(token, { ...verified, issuer });
      return { userId: verified.userId, identityProviderId: verified.identityProviderId };
    },
  };
}

function issuerOf(token: string): string {
  try {
    return decodeJwt(token).iss ?? '';
  } catch (error) {
    throw unauthenticated(describeFailure(error), error);
  }
}

/** The first key set's key for the token's `kid`, else the second's. */
function eitherKeySet(first: JWTVerifyGetKey, second: JWTVerifyGetKey): JWTVerifyGetKey {
  return async (header, token) => {
    try {
      return await first(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey) return second(header, token);
      throw error;
    }
  };
}

const claimsOf = (config: { readonly audience?: string; readonly issuer?: string }): Claims => ({
  audience: config.audience ?? defaultAudience,
  ...(config.issuer ? { issuer: config.issuer } : {}),
});

/**
 * `hs256`: tokens signed with a shared secret (LocalNet's `unsafe`); `jwks`: RS256/ES256 tokens
 * of an identity provider's key set; `none`: every request acts as `participant_admin`.
 */
export function createAuthenticator(
  config: AuthConfig,
  identityProviders: IdentityProviderLookup = () => null,
): Authenticator {
  switch (config.mode) {
    case 'none': {
      const admin = { userId: participantAdminUserId, identityProviderId: '' };
      return { mode: 'none', authenticate: async () => admin, remembered: () => admin };
    }
    case 'hs256': {
      const secret = new TextEncoder().encode(config.secret ?? defaultDevSecret);
      const { oidcKeys } = config;
      // The header's algorithm picks the key, and each key type verifies its own algorithm only.
      const key: JWTVerifyGetKey = async (header, token) =>
        header.alg === 'HS256' || !oidcKeys ? secret : oidcKeys(header, token);
      const algorithms = oidcKeys ? ['HS256', 'RS256'] : ['HS256'];
      const verify = createVerifier({ key, algorithms }, claimsOf(config));
      return createJwtAuthenticator('hs256', verify, identityProviders);
    }
    case 'jwks': {
      const remote = createRemoteJWKSet(new URL(config.jwksUrl));
      const key = config.oidcKeys ? eitherKeySet(config.oidcKeys, remote) : remote;
      const verify = createVerifier({ key, algorithms: jwksAlgorithms }, claimsOf(config));
      return createJwtAuthenticator('jwks', verify, identityProviders);
    }
  }
}
