import {
  type AdminPlan,
  adminRecord,
  type IdentityProviderCreated,
  type IdentityProviderDeleted,
  type IdentityProviderUpdated,
  type ParticipantAdminRecord,
} from './admin-changes.ts';
import {
  identityProviderAlreadyExists,
  identityProviderIssuerAlreadyExists,
  identityProviderNotFound,
  invalidField,
  invalidIdentityProviderUpdate,
  missingField,
  tooManyIdentityProviders,
} from './admin-errors.ts';
import { requireIdentityProviderId } from './identifiers.ts';
import { compareIds } from './paging.ts';
import type { IdentityProviderEntry, ParticipantState } from './participant-state.ts';
import { maskedValue, parseUpdateMask, type UpdateMaskInput } from './update-mask.ts';

/** Canton's default `maxIdentityProviderConfigs`. */
export const maxIdentityProviders = 10;

export type IdentityProviderConfigInput = {
  readonly identityProviderId?: string | undefined;
  readonly isDeactivated?: boolean | undefined;
  readonly issuer?: string | undefined;
  readonly jwksUrl?: string | undefined;
  readonly audience?: string | undefined;
};

export type IdentityProviderConfigRequest = {
  readonly identityProviderConfig?: IdentityProviderConfigInput | undefined;
};

export type UpdateIdentityProviderConfigRequest = IdentityProviderConfigRequest & {
  readonly updateMask?: UpdateMaskInput | undefined;
};

const idpFields = ['identity_provider_id', 'is_deactivated', 'jwks_url', 'issuer', 'audience'];

function requireJwksUrl(value: string | undefined): string {
  if (value === undefined || value === '') throw missingField('jwks_url');
  if (!URL.canParse(value)) throw invalidField('jwks_url', `Malformed URL: no protocol: ${value}`);
  return value;
}

function requireConfig(request: IdentityProviderConfigRequest): IdentityProviderConfigInput {
  if (request.identityProviderConfig === undefined) throw missingField('identity_provider_config');
  return request.identityProviderConfig;
}

/** No two providers may share an issuer: tokens are matched to providers by issuer. */
function requireIssuerFree(
  state: ParticipantState,
  operation: string,
  config: IdentityProviderEntry,
) {
  for (const other of state.identityProviders.values()) {
    if (other.issuer === config.issuer && other.identityProviderId !== config.identityProviderId) {
      throw identityProviderIssuerAlreadyExists(operation, config.issuer);
    }
  }
}

export function planCreateIdentityProvider(
  request: IdentityProviderConfigRequest,
): AdminPlan<ParticipantAdminRecord<IdentityProviderCreated>> {
  return (state, recordTime) => {
    const input = requireConfig(request);
    const identityProviderId = requireIdentityProviderId(
      input.identityProviderId,
      'identity_provider_id',
    );
    const jwksUrl = requireJwksUrl(input.jwksUrl);
    if (input.issuer === undefined || input.issuer === '') throw missingField('issuer');
    const config: IdentityProviderEntry = {
      identityProviderId,
      isDeactivated: input.isDeactivated ?? false,
      issuer: input.issuer,
      jwksUrl,
      audience: input.audience ?? '',
    };
    const operation = 'creating identity provider config';
    requireIssuerFree(state, operation, config);
    if (state.identityProviders.has(identityProviderId)) {
      throw identityProviderAlreadyExists(operation, identityProviderId);
    }
    if (state.identityProviders.size + 1 > maxIdentityProviders) {
      throw tooManyIdentityProviders(operation);
    }
    return adminRecord(recordTime, { kind: 'identityProvider.created', config });
  };
}

/** PATCH /v2/idps/{idp-id}: empty issuer or JWKS URL in the body means "leave as is". */
export function planUpdateIdentityProvider(
  request: UpdateIdentityProviderConfigRequest,
): AdminPlan<ParticipantAdminRecord<IdentityProviderUpdated>> {
  return (state, recordTime) => {
    const input = requireConfig(request);
    const id = requireIdentityProviderId(input.identityProviderId, 'identity_provider_id');
    const jwksUrl = input.jwksUrl ? requireJwksUrl(input.jwksUrl) : undefined;
    const issuer = input.issuer ? input.issuer : undefined;
    const mask = parseUpdateMask(request.updateMask, idpFields, (reason) =>
      invalidIdentityProviderUpdate(id, reason),
    );
    const operation = 'updating identity provider config';
    const current = state.identityProviders.get(id);
    if (current === undefined) throw identityProviderNotFound(operation, id);
    const audience = input.audience ?? '';
    const config: IdentityProviderEntry = {
      identityProviderId: id,
      isDeactivated:
        mask.match('is_deactivated') === 'exact'
          ? (input.isDeactivated ?? false)
          : current.isDeactivated,
      issuer: (mask.match('issuer') === 'exact' ? issuer : undefined) ?? current.issuer,
      jwksUrl: (mask.match('jwks_url') === 'exact' ? jwksUrl : undefined) ?? current.jwksUrl,
      audience: maskedValue(mask, 'audience', audience, audience === '') ?? current.audience,
    };
    requireIssuerFree(state, operation, config);
    return adminRecord(recordTime, { kind: 'identityProvider.updated', config });
  };
}

/** Users and parties keep naming a deleted provider, as in Canton; the delete is not refused. */
export function planDeleteIdentityProvider(request: {
  readonly identityProviderId?: string | undefined;
}): AdminPlan<ParticipantAdminRecord<IdentityProviderDeleted>> {
  return (state, recordTime) => {
    const id = requireIdentityProviderId(request.identityProviderId, 'identity_provider_id');
    if (!state.identityProviders.has(id)) {
      throw identityProviderNotFound('deleting identity provider config', id);
    }
    return adminRecord(recordTime, { kind: 'identityProvider.deleted', identityProviderId: id });
  };
}

export function getIdentityProvider(
  state: ParticipantState,
  identityProviderId: string | undefined,
): IdentityProviderEntry {
  const id = requireIdentityProviderId(identityProviderId, 'identity_provider_id');
  const config = state.identityProviders.get(id);
  if (config === undefined) throw identityProviderNotFound('getting identity provider config', id);
  return config;
}

export function listIdentityProviders(state: ParticipantState): readonly IdentityProviderEntry[] {
  return [...state.identityProviders.values()].sort((left, right) =>
    compareIds(left.identityProviderId, right.identityProviderId),
  );
}

/** The provider whose tokens carry `issuer`, for the authenticator. */
export function identityProviderByIssuer(
  state: ParticipantState,
  issuer: string,
): IdentityProviderEntry | null {
  for (const config of state.identityProviders.values())
    if (config.issuer === issuer) return config;
  return null;
}
