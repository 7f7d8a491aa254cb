import { invalidField, invalidRequest } from './admin-errors.ts';
import { isValidParty, optionalIdentityProviderId, requireParty } from './identifiers.ts';
import { decodePageToken, maxPartiesPageSize, type PageRequest, pageOf } from './paging.ts';
import type { ParticipantState } from './participant-state.ts';
import { type PartyDetails, partyDetailsFor } from './parties.ts';

export type ListPartiesRequest = PageRequest & {
  readonly identityProviderId?: string | undefined;
  /** Only parties whose id starts with this. */
  readonly filterParty?: string | undefined;
};

/**
 * GET /v2/parties: every party the participant knows, hosted here or not, ordered by id, each
 * shown as the caller's identity provider may see it. Page size 0 means the server's maximum.
 */
export function listParties(
  state: ParticipantState,
  request: ListPartiesRequest,
): { readonly partyDetails: readonly PartyDetails[]; readonly nextPageToken: string } {
  const after = decodePageToken(request.pageToken);
  const requested = request.pageSize ?? 0;
  if (requested < 0) throw invalidRequest('Page size must be non-negative');
  if (requested > maxPartiesPageSize) {
    throw invalidRequest(`Page size must not exceed the server's maximum of ${maxPartiesPageSize}`);
  }
  const identityProviderId = optionalIdentityProviderId(
    request.identityProviderId,
    'identity_provider_id',
  );
  const filter = request.filterParty ?? '';
  if (filter !== '' && (!isValidParty(filter) || filter.length > 185)) {
    throw invalidField('filterString', `Invalid party filter "${filter}"`);
  }
  const ids = [...state.parties.keys()].filter((party) => party.startsWith(filter));
  const page = pageOf(ids, requested === 0 ? maxPartiesPageSize : requested, after);
  const partyDetails = page.items.flatMap((party) => {
    const entry = state.parties.get(party);
    return entry === undefined ? [] : [partyDetailsFor(entry, identityProviderId)];
  });
  return { partyDetails, nextPageToken: page.nextPageToken };
}

export type GetPartiesRequest = {
  readonly parties: readonly string[];
  readonly identityProviderId?: string | undefined;
};

/** GET /v2/parties/{party}: the known ones among `parties`, in request order; others are absent. */
export function getParties(
  state: ParticipantState,
  request: GetPartiesRequest,
): readonly PartyDetails[] {
  const identityProviderId = optionalIdentityProviderId(
    request.identityProviderId,
    'identity_provider_id',
  );
  const parties = [...new Set(request.parties.map(requireParty))];
  return parties.flatMap((party) => {
    const entry = state.parties.get(party);
    return entry === undefined ? [] : [partyDetailsFor(entry, identityProviderId)];
  });
}

/** The party is hosted by this participant (whatever the caller may see of it). */
export const isHostedParty = (state: ParticipantState, party: string): boolean =>
  state.parties.get(party)?.isLocal === true;
