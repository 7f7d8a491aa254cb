import { SignJWT } from 'jose';
import { defaultAudience, defaultDevSecret } from './authenticator.ts';

/** The issuer of the wallet SDK's self-signed LocalNet tokens. */
export const devTokenIssuer = 'unsafe-auth';

export type DevTokenOptions = {
  readonly userId: string;
  readonly secret?: string;
  readonly audience?: string;
  /** One hour unless given, as the SDK's self-signed tokens. */
  readonly expiresInSeconds?: number;
};

/** An HS256 audience-based token like LocalNet's: `sub` = user, `aud`, `iss: unsafe-auth`. */
export async function mintDevToken(options: DevTokenOptions): Promise<string> {
  const secret = new TextEncoder().encode(options.secret ?? defaultDevSecret);
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.userId)
    .setAudience(options.audience ?? defaultAudience)
    .setIssuer(devTokenIssuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (options.expiresInSeconds ?? 3600))
    .sign(secret);
}
