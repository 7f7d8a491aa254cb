import { fc, test } from '@fast-check/vitest';
import { formatTime, parseTime } from '@pocketnet/ledger';
import { expect } from 'vitest';
import { recordTimeMicros } from './scan-time.ts';

const year2000 = 946_684_800_000_000;
const year2200 = 7_258_118_400_000_000;

test.prop([
  fc.array(fc.integer({ min: year2000, max: year2200 }), { minLength: 1, maxLength: 50 }),
])(
  'reads every ledger record time exactly, whether or not it shares the last second',
  (instants) => {
    // Neighbours within one second take the cached path; the jumps between them do not.
    const times = instants.flatMap((micros) => [micros, micros + 1, micros + 999_999]);
    for (const micros of times) {
      expect(recordTimeMicros(formatTime(BigInt(micros)))).toBe(micros);
    }
  },
);

test('a time in another form is parsed whole, never taken for the cached second', () => {
  const ledger = formatTime(BigInt(year2000 + 5));
  expect(recordTimeMicros(ledger)).toBe(year2000 + 5);
  const shifted = `${ledger.slice(0, 19)}.000007+01:00`;
  expect(recordTimeMicros(shifted)).toBe(Number(parseTime(shifted)));
  expect(recordTimeMicros(shifted)).toBe(year2000 + 7 - 3_600_000_000);
});
