import { isDomainError } from '@pocketnet/ledger';
import type { DomainErrorCode } from '@pocketnet/schema';

/**
 * A failure no retry can mend (bad job data, a command the ledger refuses for good): the job
 * fails at once with this reason. The BullMQ adapter turns it into BullMQ's UnrecoverableError.
 */
export class PermanentJobError extends Error {
  override readonly name = 'PermanentJobError';
}

/** What waitFor rejects with when a job failed for good. */
export class JobFailedError extends Error {
  override readonly name = 'JobFailedError';
  readonly jobId: string;

  constructor(jobId: string, reason: string) {
    super(`job ${jobId} failed: ${reason}`);
    this.jobId = jobId;
  }
}

type Handling = 'retry' | 'permanent' | 'noop' | 'stale';

// Every code decides: adding one to the catalogue fails typecheck here until it has.
const handlingOfCode: Record<DomainErrorCode, Handling> = {
  INVALID_ARGUMENT: 'permanent',
  INVALID_FIELD: 'permanent',
  MISSING_FIELD: 'permanent',
  CONTRACT_NOT_FOUND: 'stale',
  CONTRACT_KEY_NOT_FOUND: 'stale',
  DUPLICATE_CONTRACT_KEY: 'permanent',
  DAML_AUTHORIZATION_ERROR: 'permanent',
  DAML_INTERPRETATION_ERROR: 'permanent',
  DAML_FAILURE: 'permanent',
  WRONGLY_TYPED_CONTRACT: 'permanent',
  CONTRACT_DOES_NOT_IMPLEMENT_INTERFACE: 'permanent',
  TEMPLATES_OR_INTERFACES_NOT_FOUND: 'permanent',
  PACKAGE_NOT_FOUND: 'permanent',
  PACKAGE_SELECTION_FAILED: 'permanent',
  INTERPRETATION_UPGRADE_ERROR_VALIDATION_FAILED: 'permanent',
  INTERPRETATION_UPGRADE_ERROR_DOWNGRADE_DROP_DEFINED_FIELD: 'permanent',
  INTERPRETATION_UPGRADE_ERROR_DOWNGRADE_FAILED: 'permanent',
  INVALID_DAR: 'permanent',
  DUPLICATE_COMMAND: 'noop',
  SUBMISSION_ALREADY_IN_FLIGHT: 'retry',
  PARTY_NOT_KNOWN_ON_LEDGER: 'permanent',
  PARTY_NOT_FOUND: 'permanent',
  PARTY_ALREADY_EXISTS: 'permanent',
  USER_NOT_FOUND: 'permanent',
  USER_ALREADY_EXISTS: 'permanent',
  TOO_MANY_USER_RIGHTS: 'permanent',
  CONCURRENT_USER_UPDATE_DETECTED: 'retry',
  INVALID_USER_UPDATE_REQUEST: 'permanent',
  MAX_USER_ANNOTATIONS_SIZE_EXCEEDED: 'permanent',
  CONCURRENT_PARTY_DETAILS_UPDATE_DETECTED: 'retry',
  INVALID_PARTY_DETAILS_UPDATE_REQUEST: 'permanent',
  MAX_PARTY_DETAILS_ANNOTATIONS_SIZE_EXCEEDED: 'permanent',
  IDP_CONFIG_NOT_FOUND: 'permanent',
  IDP_CONFIG_ALREADY_EXISTS: 'permanent',
  IDP_CONFIG_ISSUER_ALREADY_EXISTS: 'permanent',
  TOO_MANY_IDENTITY_PROVIDER_CONFIGS: 'permanent',
  INVALID_IDENTITY_PROVIDER_UPDATE_REQUEST: 'permanent',
  UPDATE_NOT_FOUND: 'permanent',
  OFFSET_AFTER_LEDGER_END: 'retry',
  OFFSET_OUT_OF_RANGE: 'permanent',
  NO_SYNCHRONIZER_FOR_SUBMISSION: 'retry',
  UNAUTHENTICATED: 'permanent',
  PERMISSION_DENIED: 'permanent',
  UNAVAILABLE: 'retry',
  REQUEST_TIME_OUT: 'retry',
  PARTICIPANT_BACKPRESSURE: 'retry',
  CONTRACT_EVENTS_NOT_FOUND: 'stale',
  LOCAL_VERDICT_INACTIVE_CONTRACTS: 'stale',
  LOCAL_VERDICT_PREPARATION_TIME_OUT_OF_BOUND: 'permanent',
  NOT_SEQUENCED_TIMEOUT: 'retry',
  // The signed ledger time bounds have passed: only a new preparation can commit it.
  LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND: 'permanent',
  // A contract in flight between synchronizers is usable again once assigned.
  UNKNOWN_CONTRACT_SYNCHRONIZERS: 'retry',
  INVALID_PRESCRIBED_SYNCHRONIZER_ID: 'permanent',
  INVALID_DEDUPLICATION_PERIOD: 'permanent',
  DAR_PARSE_ERROR: 'permanent',
  DAR_NOT_SELF_CONSISTENT: 'permanent',
  DAR_VALIDATION_ERROR: 'permanent',
  KNOWN_DAR_VERSION: 'permanent',
  ALLOWED_LANGUAGE_VERSIONS: 'permanent',
  DAR_NOT_VALID_UPGRADE: 'permanent',
};

/**
 * How a processor's failure is handled: domain errors by their code (a duplicate command is a
 * run that already happened, a missing contract a trigger that no longer holds), our own
 * permanent errors at once, and anything else (a bug, a lost connection) retried with backoff.
 */
export function handlingOf(error: unknown): Handling {
  if (error instanceof PermanentJobError) return 'permanent';
  if (isDomainError(error)) return handlingOfCode[error.code];
  return 'retry';
}

export function reasonOf(error: unknown): string {
  if (isDomainError(error)) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** BullMQ's rule, kept by both runners: a custom id is no integer and holds no `:`. */
export function checkJobId(jobId: string): void {
  if (jobId.length === 0) throw new PermanentJobError('a job id must not be empty');
  if (`${Number.parseInt(jobId, 10)}` === jobId) {
    throw new PermanentJobError(`a job id must not be an integer: ${jobId}`);
  }
  if (jobId.includes(':')) throw new PermanentJobError(`a job id must not contain ':': ${jobId}`);
}
