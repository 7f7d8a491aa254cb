import { DomainError } from '@pocketnet/ledger';
import { unrestrictedCaller } from '@pocketnet/runtime';
import type { Authenticator } from '../auth/authenticator.ts';
import { tokenFromAuthorization } from '../auth/bearer-token.ts';
import type { CallerOutcome } from './graphql-context.ts';

/** The token of a `Bearer <JWT>` value, or of a bare JWT (connection parameters carry either). */
export function tokenOfAuthorization(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return tokenFromAuthorization(value) ?? (/\s/.test(value.trim()) ? undefined : value.trim());
}

/**
 * Who a WebSocket connection speaks for: the token of its `authorization` connection parameter,
 * else of the upgrade request's Authorization header, verified by the gateway's authenticator.
 */
export async function callerOutcomeOfToken(
  authenticator: Authenticator,
  token: string | undefined,
): Promise<CallerOutcome> {
  try {
    if (authenticator.mode === 'none') return { caller: unrestrictedCaller };
    const result = await authenticator.authenticate(token);
    if (result === 'anonymous') {
      throw new DomainError(
        'UNAUTHENTICATED',
        'The connection carries no access token: send connectionParams { authorization: "Bearer <JWT>" }',
      );
    }
    return { caller: { kind: 'user', ...result } };
  } catch (error) {
    return { error };
  }
}
