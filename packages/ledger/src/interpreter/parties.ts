import { DomainError } from '../errors.ts';

/** Parties as a set: deduplicated and sorted, so nodes list them deterministically. */
export function partySet(parties: readonly string[]): string[] {
  if (parties.length <= 1) return [...parties];
  return [...new Set(parties)].sort();
}

export function unionOf(...groups: readonly (readonly string[])[]): string[] {
  return partySet(groups.flat());
}

export function withoutParties(parties: readonly string[], removed: readonly string[]): string[] {
  return parties.filter((party) => !removed.includes(party));
}

/** DAML_AUTHORIZATION_ERROR unless every required party is among the authorizers. */
export function requireAuthorization(
  action: string,
  required: readonly string[],
  authorizers: ReadonlySet<string>,
): void {
  const missing = required.filter((party) => !authorizers.has(party));
  if (missing.length === 0) return;
  throw new DomainError(
    'DAML_AUTHORIZATION_ERROR',
    `${action} requires authorizers ${required.join(', ')}, but only ${[...authorizers].join(', ') || 'nobody'} were given; missing ${missing.join(', ')}`,
  );
}
