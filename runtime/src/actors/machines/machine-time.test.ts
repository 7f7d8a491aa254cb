import { fc, test } from '@fast-check/vitest';
import { parseTime } from '@pocketnet/ledger';
import { describe, expect } from 'vitest';
import { canonicalMicros, millisUntil } from './machine-time.ts';

// The fast reading of canonical times against the ledger's parseTime: the same number whenever
// it reads one, and the same delays whatever the two times are.

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const canonicalTime = fc
  .tuple(
    ...[fc.integer({ min: 1, max: 2300 }), fc.integer({ min: 0, max: 13 })],
    ...[fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 24 })],
    ...[fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 })],
    fc.integer({ min: 0, max: 999_999 }),
  )
  .map(
    ([year, month, day, hour, minute, second, fraction]) =>
      `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}.${pad(fraction, 6)}Z`,
  );
const anyTime = fc.oneof(
  canonicalTime,
  canonicalTime.map((time) => time.replace('Z', '+01:00')),
  canonicalTime.map((time) => `${time.slice(0, 22)}Z`),
  fc.string(),
);

/** millisUntil as it was, on parseTime alone. */
function reference(deadline: string, at: string): number {
  const due = parseTime(deadline);
  const now = parseTime(at);
  if (due === null || now === null || due <= now) return 0;
  return Number(due - now) / 1000;
}

describe('machine time', () => {
  test.prop([canonicalTime], { numRuns: 2000 })('reads what parseTime reads', (time) => {
    const fast = canonicalMicros(time);
    if (fast !== null) expect(BigInt(fast)).toBe(parseTime(time));
  });

  test.prop([anyTime, anyTime], { numRuns: 2000 })(
    'gives the delays parseTime gives',
    (deadline, at) => {
      expect(millisUntil(deadline, at)).toBe(reference(deadline, at));
    },
  );

  test('reads leap days and the ends of months', () => {
    expect(canonicalMicros('2028-02-29T23:59:59.999999Z')).toBe(
      Number(parseTime('2028-02-29T23:59:59.999999Z')),
    );
    expect(canonicalMicros('2027-02-29T00:00:00.000000Z')).toBeNull();
    expect(canonicalMicros('2026-04-31T00:00:00.000000Z')).toBeNull();
  });
});
