import { DomainError } from '@pocketnet/runtime';
import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { userIdOfClaims } from './token-claims.ts';

/** What LocalNet's participants accept, and so what the wallet SDK's dev tokens carry. */
export const defaultAudience = 'https://canton.network.global';
export const defaultDevSecret = 'unsafe';
/** Who acts when authentication is off: Canton's participant administrator. */
export const participantAdminUserId = 'participant_admin';

export type AuthConfig =
  | {
      readonly mode: 'hs256';
      readonly secret?: string;
      readonly audience?: string;
      readonly issuer?: string;
    }
  | {
      readonly mode: 'jwks';
      readonly jwksUrl: string;
      readonly audience?: string;
      readonly issuer?: string;
    }
  | { readonly mode: 'none' };

export type AuthMode = AuthConfig['mode'];

export type AuthResult = { readonly userId: string } | 'anonymous';

export type Authenticator = {
  readonly mode: AuthMode;
  /**
   * The user a token speaks for; `'anonymous'` when there is no token (each route decides
   * whether that is allowed). A token that fails verification throws `UNAUTHENTICATED`.
   */
  authenticate(token: string | undefined): Promise<AuthResult>;
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

function createJwtAuthenticator(
  mode: 'hs256' | 'jwks',
  verification: Verification,
  claims: Claims,
): Authenticator {
  const verify = async (token: string): Promise<JWTPayload> => {
    try {
      // `algorithms` pins the key type, so `alg: none` and algorithm confusion never verify.
      const options = {
        algorithms: verification.algorithms,
        ...(claims.issuer ? { issuer: claims.issuer } : {}),
      };
      return (await jwtVerify(token, verification.key, options)).payload;
    } catch (error) {
      throw unauthenticated(describeFailure(error), error);
    }
  };
  return {
    mode,
    async authenticate(token) {
      if (token === undefined) return 'anonymous';
      return { userId: userIdOfClaims(await verify(token), claims.audience) };
    },
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
export function createAuthenticator(config: AuthConfig): Authenticator {
  switch (config.mode) {
    case 'none':
      return { mode: 'none', authenticate: async () => ({ userId: participantAdminUserId }) };
    case 'hs256': {
      const secret = new TextEncoder().encode(config.secret ?? defaultDevSecret);
      const key: JWTVerifyGetKey = async () => secret;
      return createJwtAuthenticator('hs256', { key, algorithms: ['HS256'] }, claimsOf(config));
    }
    case 'jwks': {
      const key = createRemoteJWKSet(new URL(config.jwksUrl));
      const algorithms = ['RS256', 'ES256', 'ES512'];
      return createJwtAuthenticator('jwks', { key, algorithms }, claimsOf(config));
    }
  }
}
