import { type DomainError, type DomainErrorDetails, domainError } from '../errors.ts';

// Messages are Canton's own `cause` texts, so a client that matches on them (some parse the
// party id out of "Party already exists") keeps working. Edges render the message as is.

export const invalidRequest = (reason: string, details?: DomainErrorDetails): DomainError =>
  domainError(
    'INVALID_ARGUMENT',
    `The submitted request has invalid arguments: ${reason}`,
    details,
  );

export const invalidField = (fieldName: string, message: string): DomainError =>
  domainError(
    'INVALID_FIELD',
    `The submitted request has a field with invalid value: Invalid field ${fieldName}: ${message}`,
    { field_name: fieldName },
  );

export const missingField = (fieldName: string): DomainError =>
  domainError('MISSING_FIELD', `The submitted request is missing a mandatory field: ${fieldName}`, {
    field_name: fieldName,
  });

export const permissionDenied = (reason: string): DomainError =>
  domainError('PERMISSION_DENIED', reason);

export const userNotFound = (operation: string, userId: string): DomainError =>
  domainError('USER_NOT_FOUND', `${operation} failed for unknown user "${userId}"`, {
    user: userId,
  });

export const userAlreadyExists = (operation: string, userId: string): DomainError =>
  domainError('USER_ALREADY_EXISTS', `${operation} failed, as user "${userId}" already exists`, {
    user: userId,
  });

export const tooManyUserRights = (operation: string, userId: string): DomainError =>
  domainError(
    'TOO_MANY_USER_RIGHTS',
    `${operation} failed, as user "${userId}" would have too many rights.`,
    { user: userId },
  );

export const userInOtherIdentityProvider = (userId: string): DomainError =>
  permissionDenied(`User ${userId} belongs to another Identity Provider`);

export const concurrentUserUpdate = (userId: string): DomainError =>
  domainError(
    'CONCURRENT_USER_UPDATE_DETECTED',
    `Update operation for user '${userId}' failed due to a concurrent update to the same user`,
    { user: userId },
  );

export const invalidUserUpdate = (userId: string, reason: string): DomainError =>
  domainError(
    'INVALID_USER_UPDATE_REQUEST',
    `Update operation for user id '${userId}' failed due to: ${reason}`,
    { user: userId },
  );

export const maxUserAnnotationsExceeded = (userId: string): DomainError =>
  domainError(
    'MAX_USER_ANNOTATIONS_SIZE_EXCEEDED',
    `Maximum annotations size for user '${userId}' has been exceeded`,
    { user: userId },
  );

export const partyNotFound = (operation: string, party: string): DomainError =>
  domainError('PARTY_NOT_FOUND', `Party: '${party}' was not found when ${operation}`, { party });

export const concurrentPartyUpdate = (party: string): DomainError =>
  domainError(
    'CONCURRENT_PARTY_DETAILS_UPDATE_DETECTED',
    `Update operation for party '${party}' failed due to a concurrent update to the same party`,
    { party },
  );

export const invalidPartyUpdate = (party: string, reason: string): DomainError =>
  domainError(
    'INVALID_PARTY_DETAILS_UPDATE_REQUEST',
    `Update operation for party '${party}' failed due to: ${reason}`,
    { party },
  );

export const maxPartyAnnotationsExceeded = (party: string): DomainError =>
  domainError(
    'MAX_PARTY_DETAILS_ANNOTATIONS_SIZE_EXCEEDED',
    `Maximum annotations size for party '${party}' has been exceeded`,
    { party },
  );

export const identityProviderNotFound = (operation: string, id: string): DomainError =>
  domainError(
    'IDP_CONFIG_NOT_FOUND',
    `${operation} failed for unknown identity provider id="${id}"`,
    { identity_provider_id: id },
  );

export const identityProviderAlreadyExists = (operation: string, id: string): DomainError =>
  domainError(
    'IDP_CONFIG_ALREADY_EXISTS',
    `${operation} failed, as identity provider "${id}" already exists`,
    { identity_provider_id: id },
  );

export const identityProviderIssuerAlreadyExists = (operation: string, issuer: string) =>
  domainError(
    'IDP_CONFIG_ISSUER_ALREADY_EXISTS',
    `${operation} failed, as identity provider with issuer "${issuer}" already exists`,
    { issuer },
  );

export const tooManyIdentityProviders = (operation: string): DomainError =>
  domainError('TOO_MANY_IDENTITY_PROVIDER_CONFIGS', `${operation} failed.`);

export const invalidIdentityProviderUpdate = (id: string, reason: string): DomainError =>
  domainError(
    'INVALID_IDENTITY_PROVIDER_UPDATE_REQUEST',
    `Update operation for identity provider config '${id}' failed due to: ${reason}`,
    { identity_provider_id: id },
  );

/** The check Canton runs before any user or party operation that names a provider. */
export const unknownIdentityProvider = (id: string): DomainError =>
  invalidRequest(`Provided identity_provider_id ${id} has not been found.`);
