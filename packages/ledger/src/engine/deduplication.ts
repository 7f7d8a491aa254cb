import type { DeduplicationPeriod } from '../commands.ts';
import { DomainError, invalidArgument } from '../errors.ts';

/** Canton's change id: the same intended ledger change, however often it is submitted. */
export type ChangeId = {
  readonly userId: string;
  readonly commandId: string;
  readonly actAs: readonly string[];
};

export type Acceptance = {
  readonly offset: number;
  readonly recordTimeMicros: bigint;
  readonly updateId: string;
  readonly submissionId: string;
};

export function describeChangeId(change: ChangeId): string {
  const actAs = [...new Set(change.actAs)].sort().join(', ');
  return `ChangeId(userId = ${change.userId}, commandId = ${change.commandId}, actAs = {${actAs}})`;
}

/** Rejects a period Canton would refuse: negative, or longer than the maximum. */
export function checkDeduplicationPeriod(period: DeduplicationPeriod, maxMicros: bigint): void {
  if (period.kind === 'duration' && (period.micros < 0n || period.micros > maxMicros)) {
    // Canton answers INVALID_DEDUPLICATION_PERIOD, which the error catalogue does not have yet.
    throw invalidArgument(
      `The submitted command had an invalid deduplication period: the deduplication duration ${period.micros}µs must be between 0 and ${maxMicros}µs`,
      { longest_duration: `${maxMicros}µs` },
    );
  }
  if (period.kind === 'offset' && (!Number.isSafeInteger(period.offset) || period.offset < 0)) {
    throw invalidArgument(
      `The submitted command had an invalid deduplication period: offset ${period.offset} is not a valid offset`,
    );
  }
}

/**
 * An offset period that starts before acceptances the index has already dropped (older than
 * the maximum deduplication duration): it cannot be checked, so it is refused, as Canton does.
 */
export function deduplicationPeriodTooEarly(offset: number, forgottenThrough: number): DomainError {
  // Canton answers INVALID_DEDUPLICATION_PERIOD, which the error catalogue does not have yet.
  return invalidArgument(
    `The submitted command had an invalid deduplication period: offset ${offset} is before the earliest offset ${forgottenThrough} this participant still deduplicates from`,
    { earliest_offset: String(forgottenThrough) },
  );
}

export const duplicateCommandMessage =
  'A command with the given command id has already been successfully processed';

export function duplicateCommand(previous: Acceptance, change: ChangeId): DomainError {
  return new DomainError('DUPLICATE_COMMAND', duplicateCommandMessage, {
    details: {
      existing_submission_id: previous.submissionId,
      completion_offset: String(previous.offset),
      existing_update_id: previous.updateId,
      changeId: describeChangeId(change),
    },
  });
}

export function submissionAlreadyInFlight(
  existingSubmissionId: string,
  change: ChangeId,
  synchronizerId: string,
): DomainError {
  return new DomainError('SUBMISSION_ALREADY_IN_FLIGHT', 'The submission is already in-flight', {
    details: {
      changeId: describeChangeId(change),
      existingSubmissionId: `Some(${existingSubmissionId})`,
      existingSubmissionSynchronizerId: synchronizerId,
    },
  });
}
