import type { IdentityProviderEntry, UserEntry, UserRight } from '@pocketnet/ledger';

type RightJson = { kind: Record<string, { value: Record<string, string> }> };

/** A right as the Ledger API's `Right` message: `{ kind: { CanActAs: { value: { party } } } }`. */
export function renderRight(right: UserRight): RightJson {
  const value = 'party' in right ? { party: right.party } : {};
  return { kind: { [right.kind]: { value } } };
}

const partyRights = new Set(['CanActAs', 'CanReadAs', 'CanExecuteAs']);
const globalRights = new Set([
  'ParticipantAdmin',
  'IdentityProviderAdmin',
  'CanReadAsAnyParty',
  'CanExecuteAsAnyParty',
]);

/** The edge's reading of a `Right`; unknown kinds are dropped as Canton ignores `Empty`. */
export function parseRight(json: {
  kind?: Record<string, { value?: { party?: string } } | undefined> | undefined;
}): UserRight | null {
  const [kind, body] = Object.entries(json.kind ?? {})[0] ?? [];
  if (kind && partyRights.has(kind)) {
    return { kind, party: body?.value?.party ?? '' } as UserRight;
  }
  if (kind && globalRights.has(kind)) return { kind } as UserRight;
  return null;
}

export function renderUser(user: UserEntry) {
  return {
    id: user.id,
    primaryParty: user.primaryParty,
    isDeactivated: user.isDeactivated,
    metadata: user.metadata,
    identityProviderId: user.identityProviderId,
  };
}

export function renderIdentityProvider(config: IdentityProviderEntry) {
  return {
    identityProviderId: config.identityProviderId,
    isDeactivated: config.isDeactivated,
    issuer: config.issuer,
    jwksUrl: config.jwksUrl,
    audience: config.audience,
  };
}
