import { DomainError, domainError } from '../errors.ts';

/** Canton's UNKNOWN_CONTRACT_SYNCHRONIZERS: a contract in flight between synchronizers. */
export const contractInFlight = (contractIds: readonly string[]) =>
  new DomainError(
    'UNKNOWN_CONTRACT_SYNCHRONIZERS',
    `The synchronizers for the contracts (${contractIds.join(', ')}) are currently unknown due to ongoing contract reassignments or disconnected synchronizers.`,
    { details: { contractIds: contractIds.join(', ') } },
  );

/** Canton's INVALID_PRESCRIBED_SYNCHRONIZER_ID: the input contracts live elsewhere. */
export const inputContractsElsewhere = (prescribed: string, actual: string) =>
  domainError(
    'INVALID_PRESCRIBED_SYNCHRONIZER_ID',
    `The needed input contracts are not on ${prescribed}, but on ${actual}`,
    { synchronizerId: prescribed },
  );

/** No synchronizer fits the submission: not connected, or not every submitter is hosted there. */
export const noSynchronizerFor = (reason: string, synchronizerId?: string) =>
  domainError(
    'NO_SYNCHRONIZER_FOR_SUBMISSION',
    `No valid synchronizer for submission found: ${reason}`,
    synchronizerId === undefined ? undefined : { synchronizerId },
  );

/** A reassignment command Canton would refuse: the cause is Canton's wording where it has one. */
export const invalidReassignment = (message: string) =>
  domainError('INVALID_ARGUMENT', `The reassignment was refused: ${message}`);
