import {
  type AdminPlan,
  adminRecord,
  type ParticipantAdminRecord,
  type PartyDetailsUpdated,
} from './admin-changes.ts';
import {
  concurrentPartyUpdate,
  invalidPartyUpdate,
  maxPartyAnnotationsExceeded,
  missingField,
  partyNotFound,
  permissionDenied,
} from './admin-errors.ts';
import { optionalIdentityProviderId, requireParty } from './identifiers.ts';
import {
  isStaleResourceVersion,
  isWithinAnnotationsLimit,
  mergeAnnotations,
  type ObjectMetaInput,
  optionalResourceVersion,
  validateAnnotations,
} from './object-meta.ts';
import type { ParticipantState, PartyEntry } from './participant-state.ts';
import {
  maskedValue,
  parseUpdateMask,
  type UpdateMask,
  type UpdateMaskInput,
} from './update-mask.ts';
import { requireIdentityProviderExists } from './user-lookup.ts';

export type PartyDetailsInput = {
  readonly party?: string | undefined;
  readonly isLocal?: boolean | undefined;
  readonly localMetadata?: ObjectMetaInput | undefined;
  readonly identityProviderId?: string | undefined;
};

/** Body of PATCH /v2/parties/{party}. */
export type UpdatePartyDetailsRequest = {
  readonly partyDetails?: PartyDetailsInput | undefined;
  readonly updateMask?: UpdateMaskInput | undefined;
};

const partyFields = [
  'party',
  'is_local',
  'local_metadata.annotations',
  'local_metadata.resource_version',
  'identity_provider_id',
];

function validatePartyUpdate(request: UpdatePartyDetailsRequest) {
  if (request.partyDetails === undefined) throw missingField('party_details');
  const details = request.partyDetails;
  const party = requireParty(details.party ?? '');
  const expectedVersion = optionalResourceVersion(
    details.localMetadata,
    'party_details.local_metadata',
  );
  const annotations = validateAnnotations(details.localMetadata?.annotations ?? {}, {
    fieldName: 'party_details.local_metadata.annotations',
    allowEmptyValues: true,
  });
  const identityProviderId = optionalIdentityProviderId(
    details.identityProviderId,
    'identity_provider_id',
  );
  return { details, party, expectedVersion, annotations, identityProviderId };
}

/**
 * Only the local metadata's annotations change; `is_local` may be named if it matches, the
 * identity provider must be the party's own (moving it is a separate operation).
 */
export function planUpdatePartyDetails(
  request: UpdatePartyDetailsRequest,
): AdminPlan<ParticipantAdminRecord<PartyDetailsUpdated>> {
  return (state, recordTime) => {
    const valid = validatePartyUpdate(request);
    const { party } = valid;
    requireIdentityProviderExists(state, valid.identityProviderId);
    const mask = parseUpdateMask(request.updateMask, partyFields, (reason) =>
      invalidPartyUpdate(party, reason),
    );
    const entry = requireUpdatableParty(state, valid, mask);
    const update = maskedValue(
      mask,
      'local_metadata.annotations',
      valid.annotations,
      isEmpty(valid.annotations),
    );
    const annotations = mergeAnnotations(entry.localMetadata.annotations, update ?? {});
    if (!isWithinAnnotationsLimit(annotations)) throw maxPartyAnnotationsExceeded(party);
    if (isStaleResourceVersion(valid.expectedVersion, entry.localMetadata.resourceVersion)) {
      throw concurrentPartyUpdate(party);
    }
    return adminRecord(recordTime, { kind: 'party.detailsUpdated', party, annotations });
  };
}

function requireUpdatableParty(
  state: ParticipantState,
  valid: ReturnType<typeof validatePartyUpdate>,
  mask: UpdateMask,
): PartyEntry {
  const { party } = valid;
  const entry = state.parties.get(party);
  if (entry === undefined) throw partyNotFound('updating a party record', party);
  const isLocal = valid.details.isLocal ?? false;
  const isLocalUpdate = maskedValue(mask, 'is_local', isLocal, !isLocal);
  if (isLocalUpdate !== undefined && isLocalUpdate !== entry.isLocal) {
    throw invalidPartyUpdate(
      party,
      "Update request attempted to modify not-modifiable 'is_local' attribute",
    );
  }
  if (entry.isLocal && entry.identityProviderId !== valid.identityProviderId) {
    throw permissionDenied(
      `Party ${party} belongs to an identity provider that differs from the one specified in the request`,
    );
  }
  // Only hosted parties carry local records; Canton creates none for others.
  if (!entry.isLocal) throw partyNotFound('updating a participant party record', party);
  return entry;
}

const isEmpty = (record: Readonly<Record<string, string>>): boolean =>
  Object.keys(record).length === 0;

/** PartyDetails as the Ledger API returns it. */
export type PartyDetails = Pick<
  PartyEntry,
  'party' | 'isLocal' | 'localMetadata' | 'identityProviderId'
>;

/**
 * What a caller of `identityProviderId` may see of a party, by the seed's isLocal rule: all of
 * it if the party is hosted here under that provider; otherwise only that it exists (not
 * local, no local metadata, no provider). Canton's server also reports parties of other
 * providers as local to default-provider callers; the documented rule is followed here.
 */
export function partyDetailsFor(entry: PartyEntry, identityProviderId: string): PartyDetails {
  const { party, isLocal, localMetadata } = entry;
  if (isLocal && entry.identityProviderId === identityProviderId) {
    return { party, isLocal, localMetadata, identityProviderId };
  }
  return {
    party,
    isLocal: false,
    localMetadata: { resourceVersion: '', annotations: {} },
    identityProviderId: '',
  };
}
