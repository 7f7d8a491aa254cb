import type { UserEntry, UserRight } from './participant-state.ts';

type RightsHolder = Pick<UserEntry, 'rights'>;

/** Canton's limit on rights per user (`maxRightsPerUser`, reported by the version service). */
export const maxRightsPerUser = 1000;

/** One string per distinct right, so rights can live in sets and compare by value. */
export const rightKey = (right: UserRight): string =>
  'party' in right ? `${right.kind}:${right.party}` : right.kind;

/** The party a right is about, if it is about one. */
export const rightParty = (right: UserRight): string | null =>
  'party' in right ? right.party : null;

/** Duplicates removed, first occurrence kept: rights form a set. */
export function distinctRights(rights: readonly UserRight[]): UserRight[] {
  const byKey = new Map<string, UserRight>();
  for (const right of rights) if (!byKey.has(rightKey(right))) byKey.set(rightKey(right), right);
  return [...byKey.values()];
}

/** The rights of `requested` the user does not hold yet. */
export function rightsToGrant(user: RightsHolder, requested: readonly UserRight[]): UserRight[] {
  const held = new Set(user.rights.map(rightKey));
  return distinctRights(requested).filter((right) => !held.has(rightKey(right)));
}

/** The rights of `requested` the user actually holds. */
export function rightsToRevoke(user: RightsHolder, requested: readonly UserRight[]): UserRight[] {
  const held = new Set(user.rights.map(rightKey));
  return distinctRights(requested).filter((right) => held.has(rightKey(right)));
}

export function withoutRights(
  rights: readonly UserRight[],
  revoked: readonly UserRight[],
): UserRight[] {
  const gone = new Set(revoked.map(rightKey));
  return rights.filter((right) => !gone.has(rightKey(right)));
}

const hasKind = (user: RightsHolder, kind: UserRight['kind']): boolean =>
  user.rights.some((right) => right.kind === kind);

const hasPartyRight = (user: RightsHolder, kind: UserRight['kind'], party: string): boolean =>
  user.rights.some((right) => right.kind === kind && 'party' in right && right.party === party);

export const isParticipantAdmin = (user: RightsHolder): boolean =>
  hasKind(user, 'ParticipantAdmin');

export const isIdpAdmin = (user: RightsHolder): boolean => hasKind(user, 'IdentityProviderAdmin');

/** Acting (submitting commands) needs CanActAs for that very party. */
export const canActAs = (user: RightsHolder, party: string): boolean =>
  hasPartyRight(user, 'CanActAs', party);

/** Reading: CanReadAs or CanActAs for the party, or the participant-wide CanReadAsAnyParty. */
export const canReadAs = (user: RightsHolder, party: string): boolean =>
  hasKind(user, 'CanReadAsAnyParty') ||
  hasPartyRight(user, 'CanReadAs', party) ||
  hasPartyRight(user, 'CanActAs', party);

/** Interactive (prepare/execute) submission; acting rights imply it, reading rights do not. */
export const canExecuteAs = (user: RightsHolder, party: string): boolean =>
  hasKind(user, 'CanExecuteAsAnyParty') ||
  hasPartyRight(user, 'CanExecuteAs', party) ||
  hasPartyRight(user, 'CanActAs', party);

/** Parties the user may act as. */
export const actAsParties = (user: RightsHolder): string[] =>
  user.rights.flatMap((right) => (right.kind === 'CanActAs' ? [right.party] : []));

/** Parties the user may read as by name (CanReadAsAnyParty is not expanded here). */
export const readAsParties = (user: RightsHolder): string[] => [
  ...new Set(
    user.rights.flatMap((right) =>
      right.kind === 'CanReadAs' || right.kind === 'CanActAs' ? [right.party] : [],
    ),
  ),
];
