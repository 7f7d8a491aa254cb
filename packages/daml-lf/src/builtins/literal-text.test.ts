import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { numeric } from '../values/lf-value.ts';
import { numericToText, textToNumeric } from '../values/numeric.ts';
import { numericText } from './literal-text.ts';

describe('numericText', () => {
  it('drops trailing zeros but keeps one decimal, signs included', () => {
    expect(numericText(numeric(125000000000n, 10))).toBe('12.5');
    expect(numericText(numeric(-5n, 1))).toBe('-0.5');
    expect(numericText(numeric(-20n, 1))).toBe('-2.0');
    expect(numericText(numeric(0n, 10))).toBe('0.0');
    expect(numericText(numeric(7n, 0))).toBe('7.0');
    expect(numericText(numeric(-100000001n, 8))).toBe('-1.00000001');
    expect(numericText(numeric(10n ** 38n - 1n, 37))).toBe(
      '9.9999999999999999999999999999999999999',
    );
  });

  test.prop([fc.bigInt({ min: -(10n ** 38n) + 1n, max: 10n ** 38n - 1n }), fc.nat({ max: 37 })])(
    'is the canonical text with its trailing zeros trimmed, and reads back to the same number',
    (unscaled, scale) => {
      const value = numeric(unscaled, scale);
      const text = numericText(value);
      expect(text).toMatch(/^-?\d+\.(0|\d*[1-9])$/);
      expect(numericToText(value).startsWith(text.endsWith('.0') ? text.slice(0, -1) : text)).toBe(
        true,
      );
      expect(textToNumeric(scale, text)).toEqual(value);
    },
  );
});
