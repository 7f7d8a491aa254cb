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

/** A map key for a change id; actAs is a set, so its order does not matter. */
export function changeKey(change: ChangeId): string {
  return JSON.stringify([change.userId, [...new Set(change.actAs)].sort(), change.commandId]);
}

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
 * The accepted changes and the ones still on their way to disk. Rebuilt from the journal on
 * recovery, so deduplication holds across restarts.
 */
export function createDeduplicationIndex(maxMicros: bigint) {
  const accepted = new Map<string, Acceptance>();
  const inFlight = new Map<string, string>();

  function isWithin(previous: Acceptance, period: DeduplicationPeriod, nowMicros: bigint) {
    switch (period.kind) {
      case 'offset':
        return previous.offset > period.offset;
      case 'duration':
        return nowMicros - previous.recordTimeMicros < period.micros;
      case 'empty':
        return nowMicros - previous.recordTimeMicros < maxMicros;
    }
  }

  return {
    /** The earlier acceptance this submission duplicates, if any. */
    duplicateOf(key: string, period: DeduplicationPeriod, nowMicros: bigint): Acceptance | null {
      const previous = accepted.get(key);
      return previous !== undefined && isWithin(previous, period, nowMicros) ? previous : null;
    },
    /** The submission id of an accepted but not yet durable submission of the same change. */
    inFlightSubmission: (key: string): string | null => inFlight.get(key) ?? null,
    accept(key: string, acceptance: Acceptance): void {
      accepted.set(key, acceptance);
    },
    startFlight(key: string, submissionId: string): void {
      inFlight.set(key, submissionId);
    },
    endFlight(key: string): void {
      inFlight.delete(key);
    },
  };
}

export type DeduplicationIndex = ReturnType<typeof createDeduplicationIndex>;

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
