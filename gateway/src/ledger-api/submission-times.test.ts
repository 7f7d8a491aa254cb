import { fc, test } from '@fast-check/vitest';
import { isDomainError } from '@pocketnet/ledger';
import { describe, expect, it } from 'vitest';
import { isRequestBodyError } from '../http/request-body-error.ts';
import {
  durationMicros,
  minLedgerTimeField,
  readInstant,
  relativeLedgerTime,
  timestampField,
} from './submission-times.ts';

/** What `run` threw (fails the test when it throws nothing). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

const damlDates = fc.date({
  min: new Date('0001-01-01T00:00:00.000Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});

describe('readInstant', () => {
  test.prop([damlDates])('reads every instant a Daml Time holds, to the microsecond', (date) => {
    expect(readInstant(date.toISOString())).toBe(BigInt(date.getTime()) * 1000n);
  });

  test.prop([fc.string()])('answers anything without throwing', (text) => {
    const instant = readInstant(text);
    expect(typeof instant === 'bigint' || typeof instant === 'string').toBe(true);
  });

  it('reads what Java reads as an instant: nanoseconds, lower case, no seconds, offsets', () => {
    const midnight = BigInt(Date.parse('2026-01-01T00:00:00Z')) * 1000n;
    expect(readInstant('2026-01-01T00:00:00.123456789Z')).toBe(midnight + 123_456n);
    expect(readInstant('2026-01-01t00:00:00z')).toBe(midnight);
    expect(readInstant('2026-01-01T00:00Z')).toBe(midnight);
    expect(readInstant('2026-01-01T01:00:00+01:00')).toBe(midnight);
  });

  it('tells text that is no instant from instants outside years 1 to 9999', () => {
    for (const text of ['soon', '', '2026-01-01', '2026-02-30T00:00:00Z', '2026-01-01T24:00:00Z']) {
      expect(readInstant(text)).toBe('malformed');
    }
    expect(readInstant('0000-12-31T00:00:00Z')).toBe('tooEarly');
    expect(readInstant('-0005-01-01T00:00:00Z')).toBe('tooEarly');
    expect(readInstant('0001-01-01T00:30:00+01:00')).toBe('tooEarly');
    expect(readInstant('+10000-01-01T00:00:00Z')).toBe('tooLate');
    expect(readInstant('9999-12-31T23:30:00-01:00')).toBe('tooLate');
  });
});

describe('time fields', () => {
  it('answers a malformed field with the 400 body error naming it', () => {
    expect(() => timestampField('soon', 'maxRecordTime')).toThrow(
      "Invalid value for: body (Text 'soon' could not be parsed as an instant at 'maxRecordTime')",
    );
    expect(isRequestBodyError(thrown(() => minLedgerTimeField('x', 'minLedgerTimeAbs')))).toBe(
      true,
    );
  });

  it('answers an unrepresentable time with INVALID_ARGUMENT, except an early minimum', () => {
    const late = () => minLedgerTimeField('+10000-01-01T00:00:00Z', 'minLedgerTimeAbs');
    expect(late).toThrow('Can not represent minLedgerTimeAbs +10000-01-01T00:00:00Z');
    const early = thrown(() => timestampField('0000-01-01T00:00:00Z', 'maxRecordTime'));
    expect(isDomainError(early) && early.code).toBe('INVALID_ARGUMENT');
    expect(minLedgerTimeField('0000-01-01T00:00:00Z', 'minLedgerTimeAbs')).toBeNull();
  });

  it('refuses a relative minimum that leaves the range of a Daml Time', () => {
    const now = BigInt(Date.parse('2026-01-01T00:00:00Z')) * 1000n;
    expect(relativeLedgerTime(now, { seconds: 60, nanos: 0 }, 'minLedgerTimeRel')).toBe(
      now + 60_000_000n,
    );
    expect(() => relativeLedgerTime(now, { seconds: 9e15, nanos: 0 }, 'minLedgerTimeRel')).toThrow(
      /minLedgerTimeRel/,
    );
  });

  test.prop([
    fc.integer({ min: -1e12, max: 1e12 }),
    fc.integer({ min: -999_999_999, max: 999_999_999 }),
  ])(
    'rounds a duration down to the microsecond, so a negative one stays negative',
    (seconds, nanos) => {
      const total = BigInt(seconds) * 1_000_000_000n + BigInt(nanos);
      const micros = durationMicros({ seconds, nanos });
      expect(micros * 1000n <= total && total < (micros + 1n) * 1000n).toBe(true);
    },
  );
});
