import type { DomainErrorCode } from '@pocketnet/schema';
import {
  type CategoryFacts,
  categoryFacts,
  type ErrorCategoryName,
} from './canton-error-categories.ts';

type CatalogueEntry = { readonly category: ErrorCategoryName; readonly definiteAnswer?: false };

// Canton raises most ledger API errors as `DamlErrorWithDefiniteAnswer`, which report
// `definite_answer: false`; the admin services' update errors are plain `DamlError`s.
const definite = (category: ErrorCategoryName): CatalogueEntry => ({
  category,
  definiteAnswer: false,
});
const indefinite = (category: ErrorCategoryName): CatalogueEntry => ({ category });

const invalid = 'InvalidIndependentOfSystemState';
const precondition = 'InvalidGivenCurrentSystemStateOther';
const exists = 'InvalidGivenCurrentSystemStateResourceExists';
const missing = 'InvalidGivenCurrentSystemStateResourceMissing';
const contention = 'ContentionOnSharedResources';

/** Each code's category, as Canton's own definition of the code gives it. */
export const cantonErrorCatalogue: Readonly<Record<DomainErrorCode, CatalogueEntry>> = {
  INVALID_ARGUMENT: definite(invalid),
  INVALID_FIELD: definite(invalid),
  MISSING_FIELD: definite(invalid),
  CONTRACT_NOT_FOUND: definite(missing),
  CONTRACT_KEY_NOT_FOUND: definite(missing),
  DUPLICATE_CONTRACT_KEY: definite(exists),
  DAML_AUTHORIZATION_ERROR: definite(invalid),
  DAML_INTERPRETATION_ERROR: definite(precondition),
  // Canton's Interpreter.FailureStatus takes the failure's own category; Daml's unhandled
  // exceptions and Splice's failWithStatus both use InvalidGivenCurrentSystemStateOther.
  DAML_FAILURE: definite(precondition),
  // Canton's CommandExecutionErrors.Interpreter: InvalidGivenCurrentSystemStateOther.
  WRONGLY_TYPED_CONTRACT: definite(precondition),
  CONTRACT_DOES_NOT_IMPLEMENT_INTERFACE: definite(precondition),
  TEMPLATES_OR_INTERFACES_NOT_FOUND: definite(missing),
  PACKAGE_NOT_FOUND: definite(missing),
  PACKAGE_SELECTION_FAILED: definite(precondition),
  // InvalidGivenCurrentSystemStateOther, as Canton's UpgradeError group.
  INTERPRETATION_UPGRADE_ERROR_VALIDATION_FAILED: definite(precondition),
  INTERPRETATION_UPGRADE_ERROR_DOWNGRADE_DROP_DEFINED_FIELD: definite(precondition),
  INTERPRETATION_UPGRADE_ERROR_DOWNGRADE_FAILED: definite(precondition),
  // Canton's PackageServiceErrors.Reading.InvalidDar: bytes that are no DAR.
  INVALID_DAR: indefinite(invalid),
  DUPLICATE_COMMAND: definite(exists),
  SUBMISSION_ALREADY_IN_FLIGHT: indefinite(contention),
  PARTY_NOT_KNOWN_ON_LEDGER: definite(missing),
  PARTY_NOT_FOUND: definite(missing),
  PARTY_ALREADY_EXISTS: indefinite(exists),
  USER_NOT_FOUND: definite(missing),
  USER_ALREADY_EXISTS: definite(exists),
  TOO_MANY_USER_RIGHTS: definite(precondition),
  CONCURRENT_USER_UPDATE_DETECTED: indefinite(contention),
  INVALID_USER_UPDATE_REQUEST: indefinite(invalid),
  MAX_USER_ANNOTATIONS_SIZE_EXCEEDED: indefinite(precondition),
  CONCURRENT_PARTY_DETAILS_UPDATE_DETECTED: indefinite(contention),
  INVALID_PARTY_DETAILS_UPDATE_REQUEST: indefinite(invalid),
  MAX_PARTY_DETAILS_ANNOTATIONS_SIZE_EXCEEDED: indefinite(precondition),
  IDP_CONFIG_NOT_FOUND: definite(missing),
  IDP_CONFIG_ALREADY_EXISTS: definite(exists),
  IDP_CONFIG_ISSUER_ALREADY_EXISTS: definite(exists),
  TOO_MANY_IDENTITY_PROVIDER_CONFIGS: definite(precondition),
  INVALID_IDENTITY_PROVIDER_UPDATE_REQUEST: indefinite(invalid),
  UPDATE_NOT_FOUND: definite(missing),
  OFFSET_AFTER_LEDGER_END: definite('InvalidGivenCurrentSystemStateSeekAfterEnd'),
  OFFSET_OUT_OF_RANGE: definite(precondition),
  NO_SYNCHRONIZER_FOR_SUBMISSION: definite(precondition),
  UNAUTHENTICATED: indefinite('AuthInterceptorInvalidAuthenticationCredentials'),
  PERMISSION_DENIED: indefinite('InsufficientPermission'),
  UNAVAILABLE: definite('TransientServerFailure'),
  REQUEST_TIME_OUT: definite('DeadlineExceededRequestStateUnknown'),
  PARTICIPANT_BACKPRESSURE: definite(contention),
  CONTRACT_EVENTS_NOT_FOUND: definite(missing),
  LOCAL_VERDICT_INACTIVE_CONTRACTS: definite(missing),
  LOCAL_VERDICT_PREPARATION_TIME_OUT_OF_BOUND: definite(precondition),
  NOT_SEQUENCED_TIMEOUT: definite(contention),
  LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND: definite(contention),
  // Routing errors come before in-flight submission checking: never definite answers.
  UNKNOWN_CONTRACT_SYNCHRONIZERS: definite(precondition),
  INVALID_PRESCRIBED_SYNCHRONIZER_ID: definite(precondition),
  INVALID_DEDUPLICATION_PERIOD: definite(precondition),
  // The package service's errors are plain DamlErrors (no definite answer).
  DAR_PARSE_ERROR: indefinite(invalid),
  DAR_NOT_SELF_CONSISTENT: indefinite(invalid),
  DAR_VALIDATION_ERROR: indefinite(invalid),
  KNOWN_DAR_VERSION: indefinite(invalid),
  ALLOWED_LANGUAGE_VERSIONS: indefinite(invalid),
  DAR_NOT_VALID_UPGRADE: indefinite(invalid),
};

export function factsOf(code: DomainErrorCode): CategoryFacts & { definiteAnswer?: false } {
  const entry = cantonErrorCatalogue[code];
  const facts = categoryFacts(entry.category);
  return entry.definiteAnswer === false ? { ...facts, definiteAnswer: false } : facts;
}
