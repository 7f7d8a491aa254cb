import { SignJWT } from 'jose';

const secret = new TextEncoder().encode('unsafe');
export const audience = 'https://canton.network.global';
const now = () => Math.floor(Date.now() / 1000);
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Tokens for `subject` that a test node (dev secret `unsafe`) must refuse: each is one
 * attack on the verifier, with claims that would otherwise be accepted.
 */
export const badTokensFor = (subject: string): Array<[string, () => Promise<string>]> => [
  [
    'a forged signature',
    () =>
      new SignJWT({ sub: subject, aud: audience })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(now() + 3600)
        .sign(new TextEncoder().encode('not-the-secret')),
  ],
  [
    'an expired token',
    () =>
      new SignJWT({ sub: subject, aud: audience })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(now() - 60)
        .sign(secret),
  ],
  [
    'alg none',
    async () =>
      `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: subject, aud: audience, exp: now() + 3600 })}.`,
  ],
  [
    'a wrong audience',
    () =>
      new SignJWT({ sub: subject, aud: 'https://someone-else.example.com' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(now() + 3600)
        .sign(secret),
  ],
  ['garbage', async () => 'not.a.jwt'],
];

/** The same claims, properly signed: what shows that a refusal was about the token. */
export const goodTokenFor = (subject: string) =>
  new SignJWT({ sub: subject, aud: audience })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(now() + 3600)
    .sign(secret);
