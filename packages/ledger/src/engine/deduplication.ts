import type { DeduplicationPeriod } from '../commands.ts';
import { DomainError, invalidArgument } from '../errors.ts';
import { invalidField } from '../participant/admin-errors.ts';

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

/** A non-negative duration as Java's Duration.toString writes it (`PT168H`, `PT1.5S`), as Canton's messages do. */
function javaDuration(micros: bigint): string {
  const seconds = micros / 1_000_000n;
  const fraction = (micros % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  const hours = seconds / 3600n;
  const minutes = (seconds % 3600n) / 60n;
  const rest = seconds % 60n;
  const secondsText = fraction === '' ? `${rest}` : `${rest}.${fraction}`;
  const parts = [
    hours > 0n ? `${hours}H` : '',
    minutes > 0n ? `${minutes}M` : '',
    rest > 0n || fraction !== '' ? `${secondsText}S` : '',
  ].join('');
  return `PT${parts === '' ? '0S' : parts}`;
}

/**
 * Rejects a period Canton refuses before deduplicating: a negative duration or offset, or a
 * duration longer than the maximum. Offset 0 is the participant's begin (Canton 3.3 on), and
 * an offset past the ledger end is taken as given: Canton checks neither against the ledger
 * end, and such a period simply holds no earlier acceptance.
 */
export function checkDeduplicationPeriod(period: DeduplicationPeriod, maxMicros: bigint): void {
  if (period.kind === 'duration' && period.micros < 0n) {
    // Canton's DeduplicationPeriodValidator: zero passes, only a negative duration is refused.
    throw invalidField('deduplication_period', 'Duration must be positive');
  }
  if (period.kind === 'duration' && period.micros > maxMicros) {
    const longest = javaDuration(maxMicros);
    throw new DomainError(
      'INVALID_DEDUPLICATION_PERIOD',
      `The submitted command had an invalid deduplication period: The given deduplication duration of ${javaDuration(period.micros)} exceeds the maximum deduplication duration of ${longest}`,
      { details: { longest_duration: longest } },
    );
  }
  if (period.kind === 'offset' && (!Number.isSafeInteger(period.offset) || period.offset < 0)) {
    // Canton answers NEGATIVE_OFFSET (an INVALID_ARGUMENT status as well).
    throw invalidArgument(
      `The submitted command had an invalid deduplication period: offset ${period.offset} is not a valid offset: the deduplication offset has to be a non-negative integer`,
    );
  }
}

/**
 * An offset period that starts before acceptances the index has already dropped (older than
 * the maximum deduplication duration, this node's pruning of its deduplication state): it
 * cannot be checked, so it is refused as Canton refuses a period reaching into pruned offsets,
 * naming the earliest offset a period may start from.
 */
export function deduplicationPeriodTooEarly(
  offset: number,
  forgottenThrough: number,
  change: ChangeId,
): DomainError {
  return new DomainError(
    'INVALID_DEDUPLICATION_PERIOD',
    `Deduplication period starts too early. The error metadata field earliest_offset contains the earliest deduplication offset currently allowed. (offset ${offset} is before ${forgottenThrough})`,
    { details: { earliest_offset: String(forgottenThrough), changeId: describeChangeId(change) } },
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
