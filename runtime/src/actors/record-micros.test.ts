import { fc, test } from '@fast-check/vitest';
import { formatMicros } from '@pocketnet/ledger';
import { describe, expect } from 'vitest';
import { createRecordTimeReader, recordMicros } from './record-micros.ts';

// The reader that remembers the last second against recordMicros itself, over runs of record
// times close together (the same second, the next one) and other renderings among them.

const start = 1_767_225_600_000_000n;
const renderings = fc.oneof(
  fc.bigInt({ min: 0n, max: 5_000_000n }).map((offset) => formatMicros(start + offset)),
  fc
    .bigInt({ min: 0n, max: 5_000_000n })
    .map((offset) => formatMicros(start + offset).replace('Z', '+00:00')),
  fc.constantFrom('2026-01-01T00:00:01.5Z', '2026-01-01T00:00:01Z', 'not a time', ''),
);

describe('the record time reader', () => {
  test.prop([fc.array(renderings, { maxLength: 60 })])('reads what recordMicros reads', (times) => {
    const read = createRecordTimeReader();
    for (const time of times) expect(read(time)).toBe(recordMicros(time));
  });
});
