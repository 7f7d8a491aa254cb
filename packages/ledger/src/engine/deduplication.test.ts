import { describe, expect, test } from 'vitest';
import { isDomainError } from '../errors.ts';
import {
  changeKey,
  checkDeduplicationPeriod,
  createDeduplicationIndex,
  duplicateCommand,
} from './deduplication.ts';

const hour = 3_600_000_000n;
const change = { userId: 'alice-user', commandId: 'cmd-1', actAs: ['bob', 'alice'] };

function caught(body: () => void): unknown {
  try {
    body();
  } catch (error) {
    return error;
  }
  return null;
}

describe('deduplication', () => {
  test('the change id ignores the order and repetition of actAs parties', () => {
    expect(changeKey(change)).toBe(changeKey({ ...change, actAs: ['alice', 'bob', 'alice'] }));
    expect(changeKey(change)).not.toBe(changeKey({ ...change, actAs: ['alice'] }));
    expect(changeKey(change)).not.toBe(changeKey({ ...change, userId: 'other' }));
  });

  test('a duration period covers acceptances recorded less than that long ago', () => {
    const index = createDeduplicationIndex(24n * hour);
    const key = changeKey(change);
    index.accept(key, {
      offset: 5,
      recordTimeMicros: 10n * hour,
      updateId: 'u',
      submissionId: 's',
    });
    const period = { kind: 'duration', micros: hour } as const;
    expect(index.duplicateOf(key, period, 10n * hour + hour - 1n)?.offset).toBe(5);
    expect(index.duplicateOf(key, period, 11n * hour)).toBeNull();
    expect(index.duplicateOf(key, { kind: 'empty' }, 33n * hour)?.offset).toBe(5);
    expect(index.duplicateOf(key, { kind: 'empty' }, 34n * hour)).toBeNull();
  });

  test('an offset period covers acceptances after that offset', () => {
    const index = createDeduplicationIndex(hour);
    const key = changeKey(change);
    index.accept(key, { offset: 5, recordTimeMicros: 0n, updateId: 'u', submissionId: 's' });
    expect(index.duplicateOf(key, { kind: 'offset', offset: 4 }, 99n * hour)?.offset).toBe(5);
    expect(index.duplicateOf(key, { kind: 'offset', offset: 5 }, 0n)).toBeNull();
  });

  test('tracks submissions in flight until they land', () => {
    const index = createDeduplicationIndex(hour);
    const key = changeKey(change);
    index.startFlight(key, 'sub-1');
    expect(index.inFlightSubmission(key)).toBe('sub-1');
    index.endFlight(key);
    expect(index.inFlightSubmission(key)).toBeNull();
  });

  test('refuses negative durations and durations beyond the maximum', () => {
    const tooLong = caught(() =>
      checkDeduplicationPeriod({ kind: 'duration', micros: 2n * hour }, hour),
    );
    expect(isDomainError(tooLong) && tooLong.code).toBe('INVALID_ARGUMENT');
    const negative = caught(() =>
      checkDeduplicationPeriod({ kind: 'duration', micros: -1n }, hour),
    );
    expect(isDomainError(negative) && negative.code).toBe('INVALID_ARGUMENT');
    expect(
      caught(() => checkDeduplicationPeriod({ kind: 'duration', micros: hour }, hour)),
    ).toBeNull();
  });

  test('a duplicate names the earlier submission and its completion offset', () => {
    const error = duplicateCommand(
      { offset: 5, recordTimeMicros: 0n, updateId: '1220ab', submissionId: 'sub-1' },
      change,
    );
    expect(error.code).toBe('DUPLICATE_COMMAND');
    expect(error.details).toMatchObject({
      existing_submission_id: 'sub-1',
      completion_offset: '5',
      existing_update_id: '1220ab',
    });
  });
});
