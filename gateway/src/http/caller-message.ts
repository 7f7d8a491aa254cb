import type { DomainError } from '@pocketnet/ledger';

/**
 * What every API but the Ledger API (which redacts it as Canton does) tells a caller whose token
 * was refused. Why it was (expired when, which signature check) goes to the node's log only: the
 * reasons tell an attacker which forgeries come close.
 */
export const tokenRefusedMessage =
  'The request is not authenticated: send a valid access token as "Authorization: Bearer <JWT>"';

/** A DomainError's message as a caller may read it. */
export const callerMessageOf = (error: DomainError): string =>
  error.code === 'UNAUTHENTICATED' ? tokenRefusedMessage : error.message;
