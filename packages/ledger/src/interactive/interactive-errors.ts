import { DomainError } from '../errors.ts';

export const invalid = (message: string, details?: Readonly<Record<string, string>>) =>
  new DomainError('INVALID_ARGUMENT', message, details === undefined ? {} : { details });

/** Canton supports HASHING_SCHEME_VERSION_V2 on protocol version 34, the version modelled here. */
export function requireSchemeV2(version: string | undefined): void {
  if (version === undefined || version === 'HASHING_SCHEME_VERSION_V2') return;
  if (version === 'HASHING_SCHEME_VERSION_UNSPECIFIED') return;
  throw invalid(
    `Hashing scheme version ${version} is not supported on protocol version 34. Supported hashing version on protocol version 34: HASHING_SCHEME_VERSION_V2`,
  );
}

export const inactiveContracts = (contractIds: readonly string[]) =>
  new DomainError(
    'LOCAL_VERDICT_INACTIVE_CONTRACTS',
    `Rejected transaction is referring to locked or inactive contracts: ${contractIds.join(', ')}`,
    { details: { contractIds: contractIds.join(', ') } },
  );

export const preparationTimeOutOfBound = (details: Readonly<Record<string, string>>) =>
  new DomainError(
    'LOCAL_VERDICT_PREPARATION_TIME_OUT_OF_BOUND',
    `The delta of the preparation time ${details.preparation_time} and the record time ${details.record_time} exceeds the max of ${details.tolerance}`,
    { details },
  );

export const notSequencedTimeout = (maxRecordTime: string, recordTime: string) =>
  new DomainError(
    'NOT_SEQUENCED_TIMEOUT',
    `Transaction was not sequenced within the pre-defined max sequencing time ${maxRecordTime} and has therefore timed out (record time ${recordTime})`,
    { details: { max_record_time: maxRecordTime, record_time: recordTime } },
  );

/** Canton's TimeRejects.LedgerTime: the ledger time is too far from the record time. */
export const ledgerTimeOutOfBound = (details: {
  readonly ledgerTime: string;
  readonly recordTime: string;
  readonly maxDelta: string;
}) =>
  new DomainError(
    'LOCAL_VERDICT_LEDGER_TIME_OUT_OF_BOUND',
    `Rejected transaction as delta of the ledger time and the record time exceed the time tolerance ledgerTime=${details.ledgerTime}, recordTime=${details.recordTime}, maxDelta=${details.maxDelta}`,
    {
      details: {
        ledger_time: details.ledgerTime,
        record_time: details.recordTime,
        max_delta: details.maxDelta,
      },
    },
  );
