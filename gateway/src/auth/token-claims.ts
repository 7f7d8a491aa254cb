import { DomainError } from '@pocketnet/ledger';
import type { JWTPayload } from 'jose';

/** Canton's scope-based tokens carry this scope instead of the participant's audience. */
export const ledgerApiScope = 'daml_ledger_api';

const unauthenticated = (message: string) => new DomainError('UNAUTHENTICATED', message);

const audiencesOf = (aud: JWTPayload['aud']): readonly string[] =>
  aud === undefined ? [] : Array.isArray(aud) ? aud : [aud];

const scopesOf = (scope: unknown): readonly string[] =>
  typeof scope === 'string' ? scope.split(' ').filter((s) => s.length > 0) : [];

/**
 * The user a verified token speaks for. Canton accepts an audience-based token (`aud` holds the
 * participant's audience) and a scope-based one (`scope` holds `daml_ledger_api`); either way
 * `sub` names the user.
 */
export function userIdOfClaims(payload: JWTPayload, audience: string): string {
  const audiences = audiencesOf(payload.aud);
  const intended = audiences.includes(audience) || scopesOf(payload.scope).includes(ledgerApiScope);
  if (!intended) {
    const given = audiences.length === 0 ? 'no audience' : `audience ${audiences.join(', ')}`;
    throw unauthenticated(
      `The access token is not meant for this participant: it has ${given}, not ${audience}, and no ${ledgerApiScope} scope`,
    );
  }
  if (typeof payload.sub !== 'string' || payload.sub.length === 0) {
    throw unauthenticated('The access token names no user: its "sub" claim is missing');
  }
  return payload.sub;
}
