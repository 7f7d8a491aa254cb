import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  isLedgerTimeBefore,
  type LedgerTimeBounds,
  pinTimeBounds,
  unconstrainedTimeBounds,
} from './ledger-time-bounds.ts';

const inside = (bounds: LedgerTimeBounds, time: bigint) =>
  (bounds.min === null || bounds.min <= time) && (bounds.max === null || time <= bounds.max);

describe('ledger time bounds', () => {
  test('a comparison before the limit keeps the times before it (Canton: t0 < t1 in [t0, t1])', () => {
    const bounds: LedgerTimeBounds = { min: 10n, max: 11n };
    expect(isLedgerTimeBefore(bounds, 10n, 11n)).toBe(true);
    expect(bounds).toEqual({ min: 10n, max: 10n });
  });

  test('a comparison at or after the limit keeps the times from it (Canton: t1 < t1 in [t0, t2])', () => {
    const bounds: LedgerTimeBounds = { min: 10n, max: 12n };
    expect(isLedgerTimeBefore(bounds, 11n, 11n)).toBe(false);
    expect(bounds).toEqual({ min: 11n, max: 12n });
  });

  test('reading the time pins the bounds to it', () => {
    const bounds = unconstrainedTimeBounds();
    pinTimeBounds(bounds, 42n);
    expect(bounds).toEqual({ min: 42n, max: 42n });
  });

  const time = fc.bigInt({ min: -1_000n, max: 1_000n });

  test.prop([time, fc.array(time, { maxLength: 8 }), time])(
    'every ledger time within the narrowed bounds answers every comparison the same',
    (ledgerTime, limits, other) => {
      const bounds = unconstrainedTimeBounds();
      const answers = limits.map((limit) => isLedgerTimeBefore(bounds, ledgerTime, limit));
      expect(inside(bounds, ledgerTime)).toBe(true);
      expect(answers).toEqual(limits.map((limit) => ledgerTime < limit));
      if (inside(bounds, other)) {
        expect(limits.map((limit) => other < limit)).toEqual(answers);
      }
    },
  );
});
