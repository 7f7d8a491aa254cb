/**
 * Expected failures, shared by every process and edge (STYLE §5). Codes are Canton's own error codes, so an edge can map
 * each to its category, gRPC status and HTTP status without translation tables of names.
 */
export const domainErrorCodes = [
  'INVALID_ARGUMENT',
  'INVALID_FIELD',
  'MISSING_FIELD',
  'CONTRACT_NOT_FOUND',
  'CONTRACT_KEY_NOT_FOUND',
  'DUPLICATE_CONTRACT_KEY',
  'DAML_AUTHORIZATION_ERROR',
  'DAML_INTERPRETATION_ERROR',
  // Canton 3.x's code for a Daml `error`/`abort`/`assert` and `failWithStatus` left unhandled.
  'DAML_FAILURE',
  // A contract used as a template it is not of, or through an interface it does not implement.
  'WRONGLY_TYPED_CONTRACT',
  'CONTRACT_DOES_NOT_IMPLEMENT_INTERFACE',
  'TEMPLATES_OR_INTERFACES_NOT_FOUND',
  'PACKAGE_NOT_FOUND',
  'PACKAGE_SELECTION_FAILED',
  // Smart-contract upgrading: a contract seen through another version of its template.
  'INTERPRETATION_UPGRADE_ERROR_VALIDATION_FAILED',
  'INTERPRETATION_UPGRADE_ERROR_DOWNGRADE_DROP_DEFINED_FIELD',
  'INTERPRETATION_UPGRADE_ERROR_DOWNGRADE_FAILED',
  'INVALID_DAR',
  'DUPLICATE_COMMAND',
  'SUBMISSION_ALREADY_IN_FLIGHT',
  'PARTY_NOT_KNOWN_ON_LEDGER',
  'PARTY_NOT_FOUND',
  'PARTY_ALREADY_EXISTS',
  'USER_NOT_FOUND',
  'USER_ALREADY_EXISTS',
  'TOO_MANY_USER_RIGHTS',
  'CONCURRENT_USER_UPDATE_DETECTED',
  'INVALID_USER_UPDATE_REQUEST',
  'MAX_USER_ANNOTATIONS_SIZE_EXCEEDED',
  'CONCURRENT_PARTY_DETAILS_UPDATE_DETECTED',
  'INVALID_PARTY_DETAILS_UPDATE_REQUEST',
  'MAX_PARTY_DETAILS_ANNOTATIONS_SIZE_EXCEEDED',
  'IDP_CONFIG_NOT_FOUND',
  'IDP_CONFIG_ALREADY_EXISTS',
  'IDP_CONFIG_ISSUER_ALREADY_EXISTS',
  'TOO_MANY_IDENTITY_PROVIDER_CONFIGS',
  'INVALID_IDENTITY_PROVIDER_UPDATE_REQUEST',
  'UPDATE_NOT_FOUND',
  'OFFSET_AFTER_LEDGER_END',
  'OFFSET_OUT_OF_RANGE',
  'NO_SYNCHRONIZER_FOR_SUBMISSION',
  'UNAUTHENTICATED',
  'PERMISSION_DENIED',
  'UNAVAILABLE',
  'REQUEST_TIME_OUT',
  // Load shedding (issue 12): the participant refuses commands beyond what it can take.
  'PARTICIPANT_BACKPRESSURE',
  // Canton's answer to events-by-contract-id for a contract the readers cannot see.
  'CONTRACT_EVENTS_NOT_FOUND',
  // Verdicts on an externally signed transaction (interactive submission, issue 9).
  'LOCAL_VERDICT_INACTIVE_CONTRACTS',
  'LOCAL_VERDICT_PREPARATION_TIME_OUT_OF_BOUND',
  'NOT_SEQUENCED_TIMEOUT',
  // An externally signed transaction bound to a ledger time too far from the record time.
  'LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND',
  // Routing between several synchronizers (issue 10): a contract in flight between two, and a
  // prescribed synchronizer the input contracts are not on.
  'UNKNOWN_CONTRACT_SYNCHRONIZERS',
  'INVALID_PRESCRIBED_SYNCHRONIZER_ID',
  // A deduplication period the participant cannot honour (longer than its maximum, or
  // reaching back before acceptances it no longer remembers).
  'INVALID_DEDUPLICATION_PERIOD',
  // Package uploads (issue 20): a DAR or DALF that cannot be read, whose packages miss a
  // dependency or refer to what does not exist, that reuses a known name and version, or whose
  // Daml-LF version this node does not run.
  'DAR_PARSE_ERROR',
  'DAR_NOT_SELF_CONSISTENT',
  'DAR_VALIDATION_ERROR',
  'KNOWN_DAR_VERSION',
  'ALLOWED_LANGUAGE_VERSIONS',
  'DAR_NOT_VALID_UPGRADE',
] as const;

export type DomainErrorCode = (typeof domainErrorCodes)[number];
