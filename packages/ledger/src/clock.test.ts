import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createTimeFormatter, formatMicros } from './clock.ts';

/** The bigint-only rendering formatMicros had before it took the Number path. */
function formatMicrosReference(micros: bigint): string {
  const iso = new Date(Number(micros / 1000n)).toISOString();
  const fraction = (micros % 1_000_000n).toString().padStart(6, '0');
  return `${iso.slice(0, 19)}.${fraction}Z`;
}

describe('formatMicros', () => {
  test('renders six fractional digits and Z', () => {
    expect(formatMicros(1_767_225_600_123_456n)).toBe('2026-01-01T00:00:00.123456Z');
    expect(formatMicros(0n)).toBe('1970-01-01T00:00:00.000000Z');
  });

  test.prop([fc.bigInt({ min: -(10n ** 15n), max: 8_640_000_000_000_000n })])(
    'renders every instant as the bigint-only rendering does',
    (micros) => {
      expect(formatMicros(micros)).toBe(formatMicrosReference(micros));
    },
  );

  test.prop([
    fc.array(fc.bigInt({ min: -(10n ** 15n), max: 8_640_000_000_000_000n }), { maxLength: 20 }),
    fc.array(fc.bigInt({ min: 0n, max: 3_000_000n }), { maxLength: 20 }),
  ])('a time formatter renders every instant as formatMicros does, in any order', (far, near) => {
    const format = createTimeFormatter();
    // Instants a few seconds apart reuse the remembered second; far ones replace it.
    const instants = [...far, ...near.map((step) => 1_767_225_600_999_999n + step)];
    for (const micros of instants) expect(format(micros)).toBe(formatMicros(micros));
  });
});
