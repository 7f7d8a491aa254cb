import { DomainError } from '@pocketnet/ledger';
import { type Caller, unrestrictedCaller } from '@pocketnet/runtime';
import type { Request, Response } from 'express';
import type { Authenticator } from '../auth/authenticator.ts';
import { callerOf } from '../ledger-api/route-deps.ts';

/**
 * The caller of a request that may carry its token as `?access_token=` (RFC 6750 §2.3): a
 * browser's EventSource cannot send an Authorization header. The header wins when both are sent.
 */
export async function streamCallerOf(
  authenticator: Authenticator,
  req: Request,
  res: Response,
): Promise<Caller> {
  const queryToken = req.query.access_token;
  if (typeof queryToken !== 'string' || req.headers.authorization !== undefined) {
    return callerOf(res);
  }
  if (authenticator.mode === 'none') return unrestrictedCaller;
  const result = await authenticator.authenticate(queryToken);
  if (result === 'anonymous') {
    throw new DomainError('UNAUTHENTICATED', 'The access_token parameter is empty');
  }
  return { kind: 'user', userId: result.userId, identityProviderId: result.identityProviderId };
}
