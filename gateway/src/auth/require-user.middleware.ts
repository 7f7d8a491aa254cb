import type { IncomingMessage } from 'node:http';
import { DomainError } from '@pocketnet/ledger';
import type { RequestHandler } from 'express';
import type { Authenticator } from './authenticator.ts';
import { tokenOf } from './bearer-token.ts';

export type AuthenticatedUser = { readonly userId: string; readonly identityProviderId: string };

const missingToken = () =>
  new DomainError(
    'UNAUTHENTICATED',
    'The request carries no access token: send "Authorization: Bearer <JWT>"',
  );

/** Who sent an HTTP request or a WebSocket upgrade; no token at all is `UNAUTHENTICATED`. */
export async function authenticateRequest(
  authenticator: Authenticator,
  request: IncomingMessage,
): Promise<AuthenticatedUser> {
  const result = await authenticator.authenticate(tokenOf(request.headers));
  if (result === 'anonymous') throw missingToken();
  return result;
}

/**
 * Establishes the caller's identity for the routes after it and stores it as
 * `res.locals.userId`; what that user may do is the runtime's decision.
 */
export function requireUser(authenticator: Authenticator): RequestHandler {
  return async (req, res, next) => {
    res.locals.userId = (await authenticateRequest(authenticator, req)).userId;
    next();
  };
}

/** Like `requireUser`, for routes that also serve callers without a token (`/v2/version`). */
export function optionalUser(authenticator: Authenticator): RequestHandler {
  return async (req, res, next) => {
    const result = await authenticator.authenticate(tokenOf(req.headers));
    if (result !== 'anonymous') res.locals.userId = result.userId;
    next();
  };
}
