import { describe, expect, test } from 'vitest';
import { formatMicros } from '../clock.ts';
import { isDomainError } from '../errors.ts';
import { type ChangeId, checkDeduplicationPeriod, duplicateCommand } from './deduplication.ts';
import { createDeduplicationIndex, type DeduplicationIndex } from './deduplication-index.ts';

const hour = 3_600_000_000n;
const change = { userId: 'alice-user', commandId: 'cmd-1', actAs: ['bob', 'alice'] };

/** Remembers `accepted` as the engine does when it commits a transaction of that change. */
function accept(
  index: DeduplicationIndex,
  accepted: ChangeId,
  at: { offset: number; recordTimeMicros: bigint; updateId: string; submissionId: string },
): void {
  const submission = { ...accepted, submissionId: at.submissionId, workflowId: '' };
  const recordTime = formatMicros(at.recordTimeMicros);
  index.accept(
    { offset: at.offset, updateId: at.updateId, recordTime, submission },
    at.recordTimeMicros,
  );
}

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
    const index = createDeduplicationIndex(hour);
    accept(index, change, { offset: 5, recordTimeMicros: 0n, updateId: 'u', submissionId: 's' });
    const empty = { kind: 'empty' } as const;
    const reordered = { ...change, actAs: ['alice', 'bob', 'alice'] };
    expect(index.duplicateOf(reordered, empty, 1n)?.offset).toBe(5);
    expect(index.duplicateOf({ ...change, actAs: ['alice'] }, empty, 1n)).toBeNull();
    expect(
      index.duplicateOf({ ...change, actAs: ['alice', 'bob', 'carol'] }, empty, 1n),
    ).toBeNull();
    expect(index.duplicateOf({ ...change, userId: 'other' }, empty, 1n)).toBeNull();
    expect(index.duplicateOf({ ...change, commandId: 'cmd-2' }, empty, 1n)).toBeNull();
  });

  test('a duration period covers acceptances recorded less than that long ago', () => {
    const index = createDeduplicationIndex(24n * hour);
    accept(index, change, {
      offset: 5,
      recordTimeMicros: 10n * hour,
      updateId: 'u',
      submissionId: 's',
    });
    const period = { kind: 'duration', micros: hour } as const;
    expect(index.duplicateOf(change, period, 10n * hour + hour - 1n)?.offset).toBe(5);
    expect(index.duplicateOf(change, period, 11n * hour)).toBeNull();
    expect(index.duplicateOf(change, { kind: 'empty' }, 33n * hour)?.offset).toBe(5);
    expect(index.duplicateOf(change, { kind: 'empty' }, 34n * hour)).toBeNull();
  });

  test('a duplicate reports the earlier transaction: offset, update, submission and time', () => {
    const index = createDeduplicationIndex(24n * hour);
    accept(index, change, {
      offset: 5,
      recordTimeMicros: 10n * hour + 7n,
      updateId: 'u5',
      submissionId: 's5',
    });
    expect(index.duplicateOf(change, { kind: 'empty' }, 11n * hour)).toEqual({
      offset: 5,
      recordTimeMicros: 10n * hour + 7n,
      updateId: 'u5',
      submissionId: 's5',
    });
  });

  test('an offset period covers acceptances after that offset', () => {
    const index = createDeduplicationIndex(hour);
    accept(index, change, { offset: 5, recordTimeMicros: 0n, updateId: 'u', submissionId: 's' });
    expect(index.duplicateOf(change, { kind: 'offset', offset: 4 }, 99n * hour)?.offset).toBe(5);
    expect(index.duplicateOf(change, { kind: 'offset', offset: 5 }, 0n)).toBeNull();
  });

  test('tracks submissions in flight until they land', () => {
    const index = createDeduplicationIndex(hour);
    index.startFlight(change, 'sub-1');
    expect(index.inFlightSubmission(change)).toBe('sub-1');
    index.endFlight(change);
    expect(index.inFlightSubmission(change)).toBeNull();
  });

  test('changes that share a command id are told apart by user and actAs', () => {
    const index = createDeduplicationIndex(hour);
    const other = { ...change, userId: 'other-user' };
    const acceptance = { recordTimeMicros: 0n, updateId: 'u', submissionId: 's' };
    accept(index, change, { ...acceptance, offset: 5 });
    accept(index, other, { ...acceptance, offset: 6 });
    accept(index, { ...change, actAs: ['alice', 'bob'] }, { ...acceptance, offset: 7 });
    const empty = { kind: 'empty' } as const;
    expect(index.duplicateOf(change, empty, 1n)?.offset).toBe(7);
    expect(index.duplicateOf(other, empty, 1n)?.offset).toBe(6);
    expect(index.size).toBe(2);
    index.startFlight(change, 'sub-1');
    expect(index.inFlightSubmission(other)).toBeNull();
    index.startFlight(other, 'sub-2');
    index.endFlight({ ...change, actAs: ['alice', 'bob'] });
    expect(index.inFlightSubmission(change)).toBeNull();
    expect(index.inFlightSubmission(other)).toBe('sub-2');
  });

  test('acceptances older than the maximum duration are dropped as new ones arrive', () => {
    const index = createDeduplicationIndex(24n * hour);
    const acceptance = { updateId: 'u', submissionId: 's' };
    const at = (commandId: string, offset: number, time: bigint) =>
      accept(index, { ...change, commandId }, { ...acceptance, offset, recordTimeMicros: time });
    at('a', 1, 0n);
    at('b', 2, hour);
    at('a', 3, 2n * hour);
    at('c', 4, 25n * hour - 1n);
    expect(index.size).toBe(3);
    // b, accepted at 1 h, ends its 24 h at 25 h on the clock of the next acceptance.
    at('d', 5, 25n * hour);
    expect(index.size).toBe(3);
    const empty = { kind: 'empty' } as const;
    expect(index.duplicateOf({ ...change, commandId: 'b' }, empty, 25n * hour)).toBeNull();
    expect(index.duplicateOf({ ...change, commandId: 'a' }, empty, 25n * hour)?.offset).toBe(3);
    expect(index.forgottenThroughOffset()).toBe(2);
    at('e', 6, 26n * hour);
    expect(index.size).toBe(3);
    expect(index.forgottenThroughOffset()).toBe(3);
  });

  test('an offset period reaching back before dropped acceptances is refused', () => {
    const index = createDeduplicationIndex(hour);
    const acceptance = { updateId: 'u', submissionId: 's' };
    accept(index, change, { ...acceptance, offset: 5, recordTimeMicros: 0n });
    accept(
      index,
      { ...change, commandId: 'later' },
      { ...acceptance, offset: 9, recordTimeMicros: hour },
    );
    const since = (offset: number) => ({ kind: 'offset', offset }) as const;
    const tooEarly = caught(() => index.duplicateOf(change, since(4), hour));
    expect(isDomainError(tooEarly) && tooEarly.code).toBe('INVALID_DEDUPLICATION_PERIOD');
    expect(isDomainError(tooEarly) && tooEarly.details).toMatchObject({ earliest_offset: '5' });
    // Offset 0, the participant's begin, reaches back before them too.
    const fromBegin = caught(() => index.duplicateOf(change, since(0), hour));
    expect(isDomainError(fromBegin) && fromBegin.details).toMatchObject({ earliest_offset: '5' });
    expect(index.duplicateOf(change, since(5), hour)).toBeNull();
  });

  test('refuses negative durations and durations beyond the maximum', () => {
    const tooLong = caught(() =>
      checkDeduplicationPeriod({ kind: 'duration', micros: 2n * hour }, hour),
    );
    expect(isDomainError(tooLong) && tooLong.code).toBe('INVALID_DEDUPLICATION_PERIOD');
    expect(isDomainError(tooLong) && tooLong.details).toEqual({ longest_duration: 'PT1H' });
    const negative = caught(() =>
      checkDeduplicationPeriod({ kind: 'duration', micros: -1n }, hour),
    );
    // Canton's DeduplicationPeriodValidator: an INVALID_FIELD naming the field.
    expect(isDomainError(negative) && negative.code).toBe('INVALID_FIELD');
    expect(isDomainError(negative) && negative.message).toBe(
      'The submitted request has a field with invalid value: Invalid field deduplication_period: Duration must be positive',
    );
    expect(isDomainError(negative) && negative.details).toEqual({
      field_name: 'deduplication_period',
    });
    expect(
      caught(() => checkDeduplicationPeriod({ kind: 'duration', micros: 0n }, hour)),
    ).toBeNull();
    expect(
      caught(() => checkDeduplicationPeriod({ kind: 'duration', micros: hour }, hour)),
    ).toBeNull();
  });

  test('offset 0 deduplicates from the beginning; an offset past every acceptance finds none', () => {
    const index = createDeduplicationIndex(hour);
    accept(index, change, { offset: 5, recordTimeMicros: 0n, updateId: 'u', submissionId: 's' });
    expect(index.duplicateOf(change, { kind: 'offset', offset: 0 }, 1n)?.offset).toBe(5);
    expect(index.duplicateOf(change, { kind: 'offset', offset: 1_000 }, 1n)).toBeNull();
    expect(caught(() => checkDeduplicationPeriod({ kind: 'offset', offset: 0 }, hour))).toBeNull();
  });

  test('refuses a negative offset as an invalid argument', () => {
    const negative = caught(() => checkDeduplicationPeriod({ kind: 'offset', offset: -1 }, hour));
    expect(isDomainError(negative) && negative.code).toBe('INVALID_ARGUMENT');
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

describe('deduplication: its section', () => {
  test('a restored index gives the same verdicts, reading acceptances from the history', () => {
    const maxMicros = 2n * hour + 1n;
    const index = createDeduplicationIndex(maxMicros);
    const accepted = [
      { ...change, commandId: 'cmd-0' },
      change,
      { ...change, userId: 'bob-user' },
      { ...change, commandId: 'cmd-3' },
    ];
    const records = accepted.map((submitted, position) => {
      const recordTimeMicros = BigInt(position) * hour;
      const submission = { ...submitted, submissionId: `s${position}`, workflowId: '' };
      const recordTime = formatMicros(recordTimeMicros);
      return { offset: position + 1, updateId: `u${position}`, recordTime, submission };
    });
    for (const [position, record] of records.entries()) {
      index.accept(record, BigInt(position) * hour);
    }
    const saved = JSON.parse(JSON.stringify(index.save((offset) => offset - 1)));
    // cmd-0 expired as cmd-3 arrived; cmd-1 holds two changes, the newest first.
    expect(saved).toMatchObject({ forgottenThroughOffset: 1, commandIds: ['cmd-1', 'cmd-3'] });
    expect(saved.older).toEqual([[0, [1]]]);
    const restored = createDeduplicationIndex(maxMicros);
    const history = { length: records.length, at: (at: number) => records[at] as never };
    restored.restore(saved, history, (index) => index + 1);
    expect(restored.save((offset) => offset - 1)).toEqual(saved);
    expect(restored.size).toBe(index.size);
    const empty = { kind: 'empty' } as const;
    for (const asked of [...accepted, { ...change, commandId: 'cmd-9' }]) {
      const verdict = restored.duplicateOf(asked, empty, 3n * hour);
      expect(verdict).toEqual(index.duplicateOf(asked, empty, 3n * hour));
    }
    expect(restored.duplicateOf(change, empty, 3n * hour)?.updateId).toBe('u1');
    const before = { kind: 'offset', offset: 0 } as const;
    const refused = caught(() => restored.duplicateOf(change, before, 0n));
    expect(isDomainError(refused)).toBe(true);
    expect(refused).toEqual(caught(() => index.duplicateOf(change, before, 0n)));
  });
});
